// Makes the clearing of one process's caches reach every process. Each method of the caches whose
// name ends in `Changed` is a kind of change: calling it clears this process's caches and
// publishes the kind's name; a process receiving the name runs the same clearing, without
// publishing it again. New kinds and new caches cleared by an existing kind need no code here.
import { ReadCache } from './read-cache';

export interface CacheSharing {
  /** Where this process's changes go from now on; null: nowhere (a single process). */
  publishTo(publish: ((change: string) => void) | null): void;
  /** Runs the clearing of a change another process published; one it does not know clears everything. */
  receive(change: string): void;
  /** Runs every clearing and empties every cache: changes may have been missed. */
  clearAll(): void;
}

const isChange = (name: string, value: unknown): value is () => void => name.endsWith('Changed') && typeof value === 'function';

export function shareChanges<T extends object>(caches: T): T & { sharing: CacheSharing } {
  const clearings = new Map<string, () => void>();
  let publish: ((change: string) => void) | null = null;
  const shared: Record<string, unknown> = { ...(caches as Record<string, unknown>) };
  for (const [name, value] of Object.entries(caches)) {
    if (!isChange(name, value)) continue;
    const clear = value.bind(caches);
    clearings.set(name, clear);
    shared[name] = () => {
      clear();
      publish?.(name);
    };
  }
  const clearAll = () => {
    for (const clear of clearings.values()) clear();
    for (const value of Object.values(caches)) if (value instanceof ReadCache) value.clear();
  };
  const sharing: CacheSharing = {
    publishTo(to) {
      publish = to;
    },
    receive(change) {
      const clear = clearings.get(change);
      if (clear) clear();
      else clearAll();
    },
    clearAll,
  };
  return { ...(shared as T), sharing };
}
