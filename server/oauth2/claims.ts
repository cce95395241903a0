/**
 * Who a subject is, for ID tokens and `/userinfo`: the identity's traits, read from the identity
 * service's admin HTTP API (never its database, so a remote Kratos could stand in), and released
 * only for the scopes the user granted.
 */
import { Configuration, IdentityApi, type Identity } from '@ory/client';
import { LRUCache } from 'lru-cache';

export interface IdentityAdminAccess {
  url: string;
  token?: string;
}

/** Which claims each scope releases (OpenID Connect Core §5.4, for the traits an identity has). */
export const SCOPE_CLAIMS: Record<string, string[]> = {
  openid: ['sub'],
  email: ['email', 'email_verified'],
  profile: ['name', 'given_name', 'family_name'],
};

const TIMEOUT_MS = 5_000;
/**
 * An account read is kept this long: `/userinfo` and token issuance ask for the same account on
 * every call, and a trait change or a deactivation reaching applications ten seconds later is
 * well within what an access token's own lifetime already allows.
 */
const ACCOUNT_TTL_MS = 10_000;

/** Reads identities lazily: the identity service may start after the provider and get its URL then. */
export function identityReader(access: () => IdentityAdminAccess | undefined): (id: string) => Promise<Identity | undefined> {
  let cached: { url: string; api: IdentityApi } | undefined;
  // Concurrent reads of one account share one request (lru-cache's fetch); an unknown one is kept as none.
  const accounts = new LRUCache<string, { identity?: Identity }, IdentityApi>({
    max: 10_000,
    ttl: ACCOUNT_TTL_MS,
    fetchMethod: async (id, _stale, { context: api }) => {
      try {
        return { identity: (await api.getIdentity({ id })).data };
      } catch (error) {
        if ((error as { response?: { status?: number } }).response?.status === 404) return {};
        throw error;
      }
    },
  });
  return async (id) => {
    const target = access();
    if (!target) throw new Error('The OAuth2 provider has no identity admin URL to read accounts from');
    if (cached?.url !== target.url) {
      cached = { url: target.url, api: new IdentityApi(new Configuration({ basePath: target.url, accessToken: target.token, baseOptions: { timeout: TIMEOUT_MS } })) };
    }
    return (await accounts.fetch(id, { context: cached.api }))?.identity;
  };
}

/** The standard claims an identity's traits answer to; the provider filters them by granted scope. */
export function claimsOf(identity: Identity): Record<string, unknown> {
  const traits = (identity.traits ?? {}) as { email?: string; name?: { first?: string; last?: string } | string };
  const claims: Record<string, unknown> = { sub: identity.id };
  if (traits.email) {
    claims.email = traits.email;
    const email = traits.email.toLowerCase();
    claims.email_verified = (identity.verifiable_addresses ?? []).some((address) => address.value.toLowerCase() === email && address.verified);
  }
  if (typeof traits.name === 'string' && traits.name) claims.name = traits.name;
  else if (traits.name && typeof traits.name === 'object') {
    if (traits.name.first) claims.given_name = traits.name.first;
    if (traits.name.last) claims.family_name = traits.name.last;
    const full = [traits.name.first, traits.name.last].filter(Boolean).join(' ');
    if (full) claims.name = full;
  }
  return claims;
}
