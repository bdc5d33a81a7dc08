// The staff pages' plain tables (purchase orders, restock, the printed slips): one box and one
// heading row, so every such table scrolls, reads and prints alike.
import type { ReactNode } from 'react';

/** A wide table's box: on a phone it scrolls sideways (and takes focus, to scroll by keyboard). */
export function TableScroll({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus to be scrolled by keyboard
    <div role="region" aria-label={label} tabIndex={0} className={`overflow-x-auto ${className}`}>
      {children}
    </div>
  );
}

/** A column's heading: `className` to align or hide it, `srOnly` for one read only by screen readers. */
export interface Column {
  label: string;
  className?: string;
  srOnly?: boolean;
}

/** A column of figures, aligned right. */
export const figures = (label: string): Column => ({ label, className: 'text-right' });

const LOOKS = {
  screen: 'border-stone-200 text-stone-500 [&>th]:px-2',
  // The printed sheets: darker lines and narrower cells, to fit A4.
  paper: 'border-stone-400 text-stone-600 [&>th]:px-1.5',
};

/** A table's heading row, every cell a column header. */
export function TableHead({ columns, look = 'screen' }: { columns: (string | Column)[]; look?: keyof typeof LOOKS }) {
  return (
    <thead>
      <tr className={`border-b text-left text-xs uppercase tracking-wide [&>th]:py-1.5 ${LOOKS[look]}`}>
        {columns.map((column) => {
          const { label, className, srOnly } = typeof column === 'string' ? { label: column } : column;
          return (
            <th key={label} scope="col" className={className}>
              {srOnly ? <span className="sr-only">{label}</span> : label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
