/**
 * The `oidc` credential, stored as Kratos stores it: one credential per identity listing its
 * providers (`config.providers[]`), with one identifier per link, `<provider>:<subject>`, so the
 * unique identifier index makes one provider account belong to one identity at most.
 */
import type { Queryable, Transaction } from '../../../db/database.js';
import { isUniqueViolation } from '../../../db/errors.js';
import { findIdentityIdByIdentifier, getCredential, upsertCredential, deleteCredential, type StoredCredential } from '../../store/identities.js';

export interface LinkedProvider {
  provider: string;
  subject: string;
}

export const identifierOf = (link: LinkedProvider) => `${link.provider}:${link.subject}`;

export function linkedProviders(credential: StoredCredential | undefined): LinkedProvider[] {
  const providers = credential?.config.providers;
  return Array.isArray(providers) ? (providers as LinkedProvider[]).filter((p) => typeof p?.provider === 'string' && typeof p.subject === 'string') : [];
}

export function findLinkedIdentity(q: Queryable, link: LinkedProvider): Promise<string | undefined> {
  return findIdentityIdByIdentifier(q, 'oidc', identifierOf(link));
}

export function oidcCredential(links: readonly LinkedProvider[]) {
  return { type: 'oidc' as const, config: { providers: links.map(({ provider, subject }) => ({ provider, subject })) }, identifiers: links.map(identifierOf) };
}

export class AlreadyLinkedError extends Error {
  override name = 'AlreadyLinkedError';
}

/** Adds (or, with `remove`, drops) one provider link of an identity. */
export async function changeLinks(tx: Transaction, identityId: string, link: LinkedProvider, change: 'add' | 'remove', now: Date): Promise<void> {
  const current = linkedProviders(await getCredential(tx, identityId, 'oidc')).filter((p) => p.provider !== link.provider);
  const next = change === 'add' ? [...current, link] : current;
  if (next.length === 0) {
    await deleteCredential(tx, identityId, 'oidc');
    return;
  }
  try {
    await upsertCredential(tx, identityId, oidcCredential(next), now);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AlreadyLinkedError('provider account linked to another identity', { cause: error });
    throw error;
  }
}
