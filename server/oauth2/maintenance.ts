/** Expired codes, tokens, sessions and interactions are deleted now and then; they already read as absent. */
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/database.js';

const EVERY_MS = 10 * 60_000;

export function startMaintenance(db: Queryable, log: FastifyBaseLogger): () => void {
  const sweep = () => {
    db.query('DELETE FROM models WHERE expires_at IS NOT NULL AND expires_at < now()').catch((err: unknown) => log.warn({ err }, 'OAuth2 provider sweep failed'));
  };
  const timer = setInterval(sweep, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
