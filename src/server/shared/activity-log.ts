// Writes activity log entries (spec accounts-admin §3 activity). Call it inside the transaction
// of the change it records, so the log and the change land together.
import type { DbOrTx } from '../db/client';
import { activityLogs, ACTIVITY_ACTIONS } from '../db/schema';
import { wellFormedText } from '../../domain/text';

export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export interface Actor {
  id: number;
  username: string;
}

export interface ActivityEntry {
  action: ActivityAction;
  description: string;
  /** Who acted; null for the system ('Sistema'). */
  actor: Actor | null;
  entity_type?: string;
  entity_id?: string | number;
  /** `{ before, after }` maps, or order fields such as old_status/new_status/order_total. */
  changes?: Record<string, unknown>;
}

/** The changes as jsonb can store them (wellFormedText), instead of failing the change they record. */
function wellFormed(changes: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify(changes, (_key, value: unknown) => (typeof value === 'string' ? wellFormedText(value) : value)),
  ) as Record<string, unknown>;
}

export async function logActivity(db: DbOrTx, entry: ActivityEntry): Promise<void> {
  await db.insert(activityLogs).values({
    action: entry.action,
    description: entry.description,
    user_id: entry.actor?.id ?? null,
    username: entry.actor?.username ?? null,
    entity_type: entry.entity_type ?? null,
    entity_id: entry.entity_id === undefined ? null : String(entry.entity_id),
    changes: entry.changes ? wellFormed(entry.changes) : null,
  });
}

/** Only the fields that changed, as { before, after }. */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a };
}
