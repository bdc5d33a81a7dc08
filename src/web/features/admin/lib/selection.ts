// The rows picked in an admin list for a bulk action: kept as they were when picked (a bulk
// action still names them if a reload takes them out of view), started anew when the list's
// filters change.
import { useEffect, useMemo, useRef, useState } from 'react';

export interface Selection<T extends { id: number }> {
  ids: ReadonlySet<number>;
  items: T[];
  size: number;
  has(id: number): boolean;
  /** Adds or removes one row (`on` forces the state). */
  toggle(item: T, on?: boolean): void;
  /** Every row of `shown` picked, or all of them dropped when every one already was. */
  toggleAll(shown: readonly T[]): void;
  /** Exactly these rows. */
  selectOnly(items: readonly T[]): void;
  /** Only the picked rows `keep` says yes to (what failed in a bulk action, to retry). */
  keepOnly(keep: (id: number) => boolean): void;
  clear(): void;
}

/** `key`: the list's filters; a new key starts an empty selection (or `restore(key)`'s). */
export function useSelection<T extends { id: number }>(key: string, restore?: (key: string) => Map<number, T>): Selection<T> {
  const [selected, setSelected] = useState<Map<number, T>>(() => restore?.(key) ?? new Map());
  const keyInUse = useRef(key);
  useEffect(() => {
    if (keyInUse.current === key) return;
    keyInUse.current = key;
    setSelected(new Map());
  }, [key]);

  return useMemo(() => {
    const ids = new Set(selected.keys());
    const update = (change: (next: Map<number, T>) => void) =>
      setSelected((current) => {
        const next = new Map(current);
        change(next);
        return next;
      });
    return {
      ids,
      items: [...selected.values()],
      size: selected.size,
      has: (id) => selected.has(id),
      toggle: (item, on = !selected.has(item.id)) =>
        update((next) => {
          if (on) next.set(item.id, item);
          else next.delete(item.id);
        }),
      toggleAll: (shown) =>
        update((next) => {
          const allPicked = shown.length > 0 && shown.every((item) => next.has(item.id));
          for (const item of shown) {
            if (allPicked) next.delete(item.id);
            else next.set(item.id, item);
          }
        }),
      selectOnly: (items) => setSelected(new Map(items.map((item) => [item.id, item]))),
      keepOnly: (keep) =>
        update((next) => {
          for (const id of [...next.keys()]) if (!keep(id)) next.delete(id);
        }),
      clear: () => setSelected(new Map()),
    };
  }, [selected]);
}
