import { useEffect, useRef, useState } from 'react';

/** Whether the list under a combobox input is open. It closes `delayMs` after the input loses
 * focus rather than at once, so that a click on one of its options lands first. */
export function useCloseOnBlur(delayMs: number) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    open,
    setOpen,
    /** For the input's focus: cancels a pending close and opens the list. */
    onFocus: () => {
      clearTimeout(timer.current);
      setOpen(true);
    },
    onBlur: () => {
      timer.current = setTimeout(() => setOpen(false), delayMs);
    },
    /** Keeps the list open after all (a press inside it that moved the focus away). */
    cancelClose: () => clearTimeout(timer.current),
  };
}
