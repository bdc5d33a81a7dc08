// The settings panel's inline result line: successes vanish on their own (spec accounts-admin
// §8 settings panel: after 3 s, 5 s for the manual dollar value and the refresh), errors stay
// until the next action.
import { useCallback, useEffect, useRef, useState } from 'react';
import { WarningIcon } from '../../../components/ui/admin-icons';
import { CheckIcon } from '../../../components/ui/icons';

export interface FlashMessage {
  tone: 'success' | 'error';
  text: string;
}

export function useFlash() {
  const [message, setMessage] = useState<FlashMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const success = useCallback((text: string, ms = 3000) => {
    clearTimeout(timer.current);
    setMessage({ tone: 'success', text });
    timer.current = setTimeout(() => setMessage(null), ms);
  }, []);
  const error = useCallback((text: string) => {
    clearTimeout(timer.current);
    setMessage({ tone: 'error', text });
  }, []);
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);
  return { message, success, error, clear };
}

export function Flash({ message }: { message: FlashMessage | null }) {
  // The live region stays in the page so screen readers hear each new message.
  return (
    <div aria-live="polite" role="status" className="empty:hidden">
      {message && (
        <p
          className={`flex items-start gap-2 rounded-lg border px-3 py-2 text-sm ${
            message.tone === 'success' ? 'border-green-200 bg-green-50 text-green-900' : 'border-red-200 bg-red-50 text-red-800'
          }`}
        >
          {message.tone === 'success' ? (
            <CheckIcon size={18} className="mt-px shrink-0 text-green-700" />
          ) : (
            <WarningIcon size={18} className="mt-px shrink-0 text-red-600" />
          )}
          {message.text}
        </p>
      )}
    </div>
  );
}
