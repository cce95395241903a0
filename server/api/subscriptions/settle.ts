/**
 * Brings subscriptions up to `now`: an active one whose period has ended renews into the next
 * period (and is invoiced for it, dated the period's start: one invoice per period, catching up
 * any it missed), a cancelling one ends. Run inside the transaction of any change of an
 * organisation's devices or subscriptions, before any read of its devices or invoices (settleIfDue),
 * so what a client sees is always settled, and for every organisation by the settler (settler.ts),
 * so invoices are issued when nobody is looking too. The rows are locked, so concurrent settling
 * does the work once.
 */
import type { Database, Queryable } from '../../db/database.js';
import { keptOrComputed, type UntilNextWrite } from '../../db/until-next-write.js';
import { issueInvoice } from '../invoices/issue.js';
import { notifyOrg } from '../notifications/notify.js';
import { periodAt, periodIndexOf } from './periods.js';
import type { SubscriptionRow } from './store.js';
import { transition } from './transitions.js';

/** A subscription left unsettled for longer than this many periods is caught up over several calls. */
const MAX_PERIODS_PER_SETTLE = 120;

interface DueRow extends SubscriptionRow {
  serial: string;
  model: string;
  name: string;
}

export async function settleSubscriptions(tx: Queryable, orgId: string, now: Date): Promise<void> {
  const due = await tx.query<DueRow>(
    `SELECT s.*, d.serial, d.model, d.name FROM subscriptions s JOIN devices d ON d.id = s.device_id
      WHERE s.org_id = $1 AND s.state IN ('active', 'cancelling') AND s.current_period_end <= $2
      ORDER BY s.current_period_end, s.id FOR UPDATE OF s`,
    [orgId, now],
  );
  for (const sub of due.rows) {
    if (transition(sub.state, 'periodEnds') === 'cancelled') {
      await tx.query(`UPDATE subscriptions SET state = 'cancelled', ended_at = current_period_end, updated_at = $2 WHERE id = $1`, [sub.id, now]);
      await notifyOrg(tx, {
        orgId,
        kind: 'subscription.ended',
        title: `Subscription ended: ${sub.name || sub.serial}`,
        body: `The ${sub.plan} subscription of device ${sub.serial} ended on ${sub.current_period_end.toISOString().slice(0, 10)}.`,
        data: { deviceId: sub.device_id, subscriptionId: sub.id, device: sub.name || sub.serial },
        createdAt: now,
      });
      continue;
    }
    const index = periodIndexOf(sub.started_at, sub.interval, sub.current_period_start) ?? 0;
    let period = periodAt(sub.started_at, sub.interval, index);
    for (let step = 1; step <= MAX_PERIODS_PER_SETTLE && period.end <= now; step++) {
      period = periodAt(sub.started_at, sub.interval, index + step);
      await issueInvoice(tx, sub, sub, period, period.start);
    }
    await tx.query('UPDATE subscriptions SET current_period_start = $2, current_period_end = $3, updated_at = $4 WHERE id = $1', [sub.id, period.start, period.end, now]);
  }
}

/**
 * Before a read: settles in a transaction of its own only when something is due, so reading a
 * settled organisation's devices or invoices costs one indexed lookup, not a locking transaction.
 * When the next period end is kept (`answers`), not even that until it passes: only a change
 * can bring it nearer, and a change ends what is kept. Answers whether anything was settled.
 */
export async function settleIfDue(db: Database, orgId: string, now: Date, answers?: UntilNextWrite): Promise<boolean> {
  const next = await keptOrComputed(answers, `next period end ${orgId}`, async () => {
    const { rows } = await db.query<{ next: Date | null }>(`SELECT min(current_period_end) AS next FROM subscriptions WHERE org_id = $1 AND state IN ('active', 'cancelling')`, [
      orgId,
    ]);
    return rows[0]?.next ?? null;
  });
  if (!next || next > now) return false;
  await db.transaction((tx) => settleSubscriptions(tx, orgId, now));
  return true;
}

/** Settles every organisation with something due, one transaction each; answers how many. */
export async function settleAllSubscriptions(db: Database, now: Date): Promise<number> {
  const due = await db.query<{ org_id: string }>(`SELECT DISTINCT org_id FROM subscriptions WHERE state IN ('active', 'cancelling') AND current_period_end <= $1`, [now]);
  for (const { org_id } of due.rows) await db.transaction((tx) => settleSubscriptions(tx, org_id, now));
  return due.rows.length;
}
