import { describe, expect, it } from 'vitest';
import type { OrderStatusCounts } from '../../../domain/orders';
import { orderCountsChanged, OrderReadCache } from './counts-cache';

const counts = (total: number): OrderStatusCounts => ({ pending: total, completed: 0, cancelled: 0, total });

function clock() {
  let now = 1_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('OrderReadCache', () => {
  it('keeps counts for its TTL and counts again once it has passed', async () => {
    const time = clock();
    const cache = new OrderReadCache<OrderStatusCounts>(5000, time.now);
    let loads = 0;
    const load = async () => counts(++loads);
    expect((await cache.get('all', load)).total).toBe(1);
    time.advance(4999);
    expect((await cache.get('all', load)).total).toBe(1);
    time.advance(1);
    expect((await cache.get('all', load)).total).toBe(2);
  });

  it('keeps each date range apart and shares one count between concurrent misses', async () => {
    const cache = new OrderReadCache<OrderStatusCounts>(5000, clock().now);
    let loads = 0;
    const load = async () => counts(++loads);
    const [a, b] = await Promise.all([cache.get('week', load), cache.get('week', load)]);
    expect([a.total, b.total, loads]).toEqual([1, 1, 1]);
    expect((await cache.get('month', load)).total).toBe(2);
  });

  it('counts again after an order write, even when a count started before it is still running', async () => {
    const cache = new OrderReadCache<OrderStatusCounts>(5000, clock().now);
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const before = cache.get('all', async () => {
      await slow;
      return counts(1);
    });
    orderCountsChanged();
    expect((await cache.get('all', async () => counts(2))).total).toBe(2);
    release();
    expect((await before).total).toBe(1);
    expect((await cache.get('all', async () => counts(3))).total).toBe(2);
  });

  it('does not keep a count that failed', async () => {
    const cache = new OrderReadCache<OrderStatusCounts>(5000, clock().now);
    await expect(cache.get('all', async () => Promise.reject(new Error('connection lost')))).rejects.toThrow('connection lost');
    expect((await cache.get('all', async () => counts(7))).total).toBe(7);
  });
});
