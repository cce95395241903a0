/**
 * Now and then: expired codes, tokens, sessions and interactions are deleted (they already read
 * as absent), and signing keys rotated through another instance are picked up.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/database.js';
import type { ProviderHost } from './provider-host.js';

const SWEEP_EVERY_MS = 10 * 60_000;
const KEYS_EVERY_MS = 60_000;

export function startMaintenance(db: Queryable, log: FastifyBaseLogger, host: ProviderHost): () => void {
  const sweep = () => {
    db.query('DELETE FROM models WHERE expires_at IS NOT NULL AND expires_at < now()').catch((err: unknown) => log.warn({ err }, 'OAuth2 provider sweep failed'));
  };
  const keys = () => {
    host.reload(db).catch((err: unknown) => log.warn({ err }, 'OAuth2 provider could not reread its signing keys'));
  };
  const timers = [setInterval(sweep, SWEEP_EVERY_MS), setInterval(keys, KEYS_EVERY_MS)];
  for (const timer of timers) timer.unref();
  return () => timers.forEach((timer) => clearInterval(timer));
}
