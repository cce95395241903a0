/**
 * Housekeeping: flows (with their codes and link tokens) are kept a day past expiry — long
 * enough to answer "expired" rather than "unknown" — then deleted; stored errors after a month.
 * Runs at start and then hourly; several instances may run it at once harmlessly.
 */
import type { IdentityContext } from './context.js';
import { deleteFlowsExpiredBefore } from './store/flows.js';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

export async function sweepExpired(ctx: IdentityContext): Promise<{ flows: number; errors: number }> {
  const now = ctx.now().getTime();
  const flows = await deleteFlowsExpiredBefore(ctx.db, new Date(now - DAY));
  const errors = (await ctx.db.query('DELETE FROM self_service_errors WHERE created_at < $1', [new Date(now - 30 * DAY)])).rowCount;
  return { flows, errors };
}

export function startMaintenance(ctx: IdentityContext): () => void {
  const run = () => {
    sweepExpired(ctx).catch((err: unknown) => ctx.log.warn({ err }, 'identity housekeeping failed; retrying in an hour'));
  };
  run();
  const timer = setInterval(run, HOUR);
  timer.unref();
  return () => clearInterval(timer);
}
