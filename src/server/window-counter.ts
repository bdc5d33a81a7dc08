// Fixed-window counters per key (an IP), kept in this process: bypass guesses, guest claims and
// guest uploads. They only slow down guessing and
// flooding; losing them on restart is harmless, so they need not live in the database.

interface Window {
  count: number;
  resetAt: number;
}

export class WindowCounter {
  private readonly windows = new Map<string, Window>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly maxKeys = 10_000,
  ) {}

  /** Hits counted for the key in its current window. */
  count(key: string, nowMs: number): number {
    const window = this.windows.get(key);
    return window && window.resetAt > nowMs ? window.count : 0;
  }

  /** Counts one hit; answers false when the key is over its limit in this window. */
  hit(key: string, nowMs: number): boolean {
    let window = this.windows.get(key);
    if (!window || window.resetAt <= nowMs) {
      if (this.windows.size >= this.maxKeys) this.prune(nowMs);
      window = { count: 0, resetAt: nowMs + this.windowMs };
      this.windows.set(key, window);
    }
    window.count++;
    return window.count <= this.limit;
  }

  /** Seconds until the key's current window ends (0 when it has none). */
  secondsLeft(key: string, nowMs: number): number {
    const window = this.windows.get(key);
    return window && window.resetAt > nowMs ? Math.ceil((window.resetAt - nowMs) / 1000) : 0;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private prune(nowMs: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= nowMs) this.windows.delete(key);
    // Still full of live keys (a flood of addresses): drop the oldest rather than grow forever.
    while (this.windows.size >= this.maxKeys) {
      const oldest = this.windows.keys().next().value;
      if (oldest === undefined) break;
      this.windows.delete(oldest);
    }
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
