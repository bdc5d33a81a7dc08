import { describe, expect, it } from 'vitest';
import { coalescedReads } from './coalesce';

/** A read of squares that the test finishes by hand, recording the keys of each call. */
function heldReads() {
  const calls: { keys: number[]; finish: () => void; fail: (error: Error) => void }[] = [];
  const readMany = (keys: number[]) =>
    new Promise<Map<number, number>>((resolve, reject) => {
      calls.push({ keys, finish: () => resolve(new Map(keys.filter((k) => k !== 13).map((k) => [k, k * k]))), fail: reject });
    });
  return { calls, readMany };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('coalescedReads', () => {
  it('reads at once when nothing is running, answering in the order asked and leaving out keys not found', async () => {
    const { calls, readMany } = heldReads();
    const read = coalescedReads(readMany, { maxInFlight: 1, maxKeys: 100 });
    const answer = read([3, 13, 1]);
    await turn();
    expect(calls.map((c) => c.keys)).toEqual([[3, 13, 1]]);
    calls[0].finish();
    expect(await answer).toEqual([9, 1]);
  });

  it('sends the keys asked for while a read runs together in the next read, each key once', async () => {
    const { calls, readMany } = heldReads();
    const read = coalescedReads(readMany, { maxInFlight: 1, maxKeys: 100 });
    const first = read([1, 2]);
    await turn();
    const second = read([2, 3]);
    const third = read([4]);
    await turn();
    expect(calls).toHaveLength(1);
    calls[0].finish();
    await first;
    await turn();
    expect(calls.map((c) => c.keys)).toEqual([
      [1, 2],
      [2, 3, 4],
    ]);
    calls[1].finish();
    expect(await second).toEqual([4, 9]);
    expect(await third).toEqual([16]);
  });

  it('runs up to maxInFlight reads at once and splits a batch past maxKeys', async () => {
    const { calls, readMany } = heldReads();
    const read = coalescedReads(readMany, { maxInFlight: 2, maxKeys: 3 });
    const answers = [read([1, 2]), read([3]), read([4, 5]), read([6])];
    await turn();
    await turn();
    // [1, 2] + [3] fill 3 keys; [4, 5] + [6] is the second read; no third starts.
    expect(calls.map((c) => c.keys)).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    calls.forEach((c) => c.finish());
    expect(await Promise.all(answers)).toEqual([[1, 4], [9], [16, 25], [36]]);
  });

  it('rejects every request of a failed read, and the next read still runs', async () => {
    const { calls, readMany } = heldReads();
    const read = coalescedReads(readMany, { maxInFlight: 1, maxKeys: 100 });
    const first = read([1]);
    await turn();
    const second = read([2]);
    const third = read([3]);
    calls[0].finish();
    await first;
    await turn();
    calls[1].fail(new Error('sin conexión'));
    await expect(second).rejects.toThrow('sin conexión');
    await expect(third).rejects.toThrow('sin conexión');
    const fourth = read([4]);
    await turn();
    calls[2].finish();
    expect(await fourth).toEqual([16]);
  });
});
