import { describe, expect, it } from 'vitest';
import { isFresh, type MaintenanceState } from './maintenance';

const state = (checkedAgoMs: number, errors = 0, now = 10_000_000): MaintenanceState => ({
  maintenance_mode: true,
  maintenance_message: '',
  has_bypass_password: false,
  checked_at: now - checkedAgoMs,
  errors,
});

describe('isFresh (spec accounts-admin §9 maintenance cache)', () => {
  const now = 10_000_000;

  it('trusts a state for 5 minutes', () => {
    expect(isFresh(state(299_000), now)).toBe(true);
    expect(isFresh(state(300_000), now)).toBe(false);
  });

  it('trusts it twice as long after 3 consecutive errors', () => {
    expect(isFresh(state(599_000, 2), now)).toBe(false);
    expect(isFresh(state(599_000, 3), now)).toBe(true);
    expect(isFresh(state(600_000, 3), now)).toBe(false);
  });

  it('never trusts a missing state or a guess', () => {
    expect(isFresh(null, now)).toBe(false);
    expect(isFresh({ ...state(0), checked_at: 0 }, now)).toBe(false);
  });
});
