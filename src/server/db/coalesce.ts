/**
 * Reads by key that concurrent requests ask for, sent together: keys asked for while
 * `maxInFlight` reads are running wait and go in the next one (up to `maxKeys` keys), so a busy
 * process makes fewer, larger round trips and an idle one reads at once. Nothing is kept: every
 * read starts after the requests it answers arrived, so each gets what it would have read alone.
 * Keys must be checked before they get here: a key the database refuses fails the whole batch.
 */
export function coalescedReads<K, V>(
  readMany: (keys: K[]) => Promise<Map<K, V>>,
  { maxInFlight, maxKeys }: { maxInFlight: number; maxKeys: number },
): (keys: K[]) => Promise<V[]> {
  interface Waiting {
    keys: K[];
    resolve: (values: V[]) => void;
    reject: (error: unknown) => void;
  }
  const waiting: Waiting[] = [];
  let inFlight = 0;
  let scheduled = false;

  const takeBatch = (): Waiting[] => {
    let keys = 0;
    let taken = 0;
    while (taken < waiting.length && (taken === 0 || keys + waiting[taken].keys.length <= maxKeys)) {
      keys += waiting[taken].keys.length;
      taken++;
    }
    return waiting.splice(0, taken);
  };

  const send = async () => {
    scheduled = false;
    const batch = takeBatch();
    inFlight++;
    schedule();
    try {
      const found = await readMany([...new Set(batch.flatMap((w) => w.keys))]);
      for (const w of batch) w.resolve(w.keys.flatMap((k) => (found.has(k) ? [found.get(k)!] : [])));
    } catch (error) {
      for (const w of batch) w.reject(error);
    } finally {
      inFlight--;
      schedule();
    }
  };
  // setImmediate: the requests read in the same turn of the event loop go together.
  const schedule = () => {
    if (!scheduled && waiting.length > 0 && inFlight < maxInFlight) {
      scheduled = true;
      setImmediate(() => void send());
    }
  };

  return (keys) =>
    new Promise<V[]>((resolve, reject) => {
      waiting.push({ keys, resolve, reject });
      schedule();
    });
}
