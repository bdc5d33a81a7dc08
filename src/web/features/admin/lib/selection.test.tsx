// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSelection } from './selection';

const rows = [1, 2, 3].map((id) => ({ id, name: `Pedido ${id}` }));

describe('useSelection', () => {
  it('toggles rows, all shown rows, and keeps only what a bulk action failed on', () => {
    const { result } = renderHook(() => useSelection<(typeof rows)[number]>('status=pending'));
    act(() => result.current.toggle(rows[0]));
    expect([...result.current.ids]).toEqual([1]);
    act(() => result.current.toggleAll(rows));
    expect(result.current.size).toBe(3);
    // Every shown row picked: the same action drops them all.
    act(() => result.current.toggleAll(rows));
    expect(result.current.size).toBe(0);
    act(() => result.current.selectOnly(rows));
    act(() => result.current.keepOnly((id) => id === 2));
    expect(result.current.items).toEqual([rows[1]]);
    act(() => result.current.toggle(rows[1], true));
    expect(result.current.has(2)).toBe(true);
  });

  it('starts from what was restored and anew when the filters change', () => {
    const { result, rerender } = renderHook(({ key }) => useSelection(key, () => new Map([[3, rows[2]]])), {
      initialProps: { key: 'status=pending' },
    });
    expect(result.current.items).toEqual([rows[2]]);
    rerender({ key: 'status=completed' });
    expect(result.current.size).toBe(0);
  });
});
