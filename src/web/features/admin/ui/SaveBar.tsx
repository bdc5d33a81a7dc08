// The actions of a long form, held at the bottom of the screen while the form scrolls; toasts
// rise above it instead of covering it.
import { useRef, type ReactNode } from 'react';
import { useToastClearance } from '../../../lib/toast-clearance';

export function SaveBar({ children, className = '' }: { children: ReactNode; className?: string }) {
  const bar = useRef<HTMLDivElement>(null);
  useToastClearance(bar);
  return (
    <div ref={bar} className={`sticky bottom-0 z-10 -mx-3 mt-4 flex gap-2 border-t border-stone-200 px-3 py-3 backdrop-blur ${className}`}>
      {children}
    </div>
  );
}
