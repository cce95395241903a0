/**
 * Now and then: expired codes, tokens, sessions and interactions are deleted (they already read
 * as absent); a signing key that has signed long enough is replaced and a retired one whose
 * tokens have all expired is dropped; and keys changed through another instance are picked up.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import type { ProviderHost } from './provider-host.js';
import { KEYS_REREAD_SECONDS, maintainSigningKeys, type SigningKeyChanges, type SigningKeyPolicy } from './keys/signing-keys.js';

const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * One pass over the signing keys at `now`, then the provider serves what is stored, even when the
 * pass failed: a rotation made through another instance must still reach this one.
 */
export async function signingKeyPass(db: Database, host: ProviderHost, policy: SigningKeyPolicy, now: Date): Promise<SigningKeyChanges> {
  try {
    return await maintainSigningKeys(db, policy, now);
  } finally {
    await host.reload(db);
  }
}

export function startMaintenance(db: Database, log: FastifyBaseLogger, keyPass: () => Promise<SigningKeyChanges>): () => void {
  const sweep = () => {
    db.query('DELETE FROM models WHERE expires_at IS NOT NULL AND expires_at < now()').catch((err: unknown) => log.warn({ err }, 'OAuth2 provider sweep failed'));
  };
  const keys = () => {
    keyPass()
      .then(({ rotated, pruned }) => {
        if (rotated) log.info({ kid: rotated }, 'OAuth2 provider rotated its ID token signing key on schedule');
        if (pruned.length > 0) log.info({ kids: pruned }, 'OAuth2 provider dropped retired signing keys whose tokens have all expired');
      })
      .catch((err: unknown) => log.warn({ err }, 'OAuth2 provider could not maintain or reread its signing keys'));
  };
  const timers = [setInterval(sweep, SWEEP_EVERY_MS), setInterval(keys, KEYS_REREAD_SECONDS * 1000)];
  for (const timer of timers) timer.unref();
  return () => timers.forEach((timer) => clearInterval(timer));
}
