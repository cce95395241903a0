/**
 * Per-client token lifespans, Hydra's way: a client may carry `<grant>_grant_<token>_lifespan`
 * fields (Go durations such as "1h30m"), set with `PUT /admin/clients/{id}/lifespans`; a token
 * issued by that grant lives that long, others the provider's default.
 */
import type { KoaContextWithOIDC } from 'oidc-provider';

export const LIFESPAN_FIELDS = [
  'authorization_code_grant_access_token_lifespan',
  'authorization_code_grant_id_token_lifespan',
  'authorization_code_grant_refresh_token_lifespan',
  'client_credentials_grant_access_token_lifespan',
  'refresh_token_grant_access_token_lifespan',
  'refresh_token_grant_id_token_lifespan',
  'refresh_token_grant_refresh_token_lifespan',
] as const;

/** Hydra also has implicit, jwt-bearer and device lifespans; this provider issues none of those. */
export type LifespanField = (typeof LIFESPAN_FIELDS)[number];

/** The fields that lengthen or shorten a client's ID tokens: how long a retired signing key must stay published. */
export const ID_TOKEN_LIFESPAN_FIELDS: readonly LifespanField[] = LIFESPAN_FIELDS.filter((field) => field.endsWith('_id_token_lifespan'));

export const DURATION_PATTERN = '^([0-9]+(ns|us|ms|s|m|h))*$';

const UNIT_SECONDS: Record<string, number> = { ns: 1e-9, us: 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };

/** A Go duration in whole seconds (at least 1); undefined for an empty or malformed one. */
export function durationSeconds(value: unknown): number | undefined {
  if (typeof value !== 'string' || !value || !new RegExp(DURATION_PATTERN).test(value)) return undefined;
  let seconds = 0;
  for (const [, amount, unit] of value.matchAll(/([0-9]+)(ns|us|ms|s|m|h)/g)) seconds += Number(amount) * UNIT_SECONDS[unit!]!;
  return seconds >= 1 ? Math.floor(seconds) : undefined;
}

type TokenKind = 'access_token' | 'id_token' | 'refresh_token';

/** The grant that is issuing the token, as Hydra names it in the lifespan fields. */
function grantOf(ctx: KoaContextWithOIDC): string | undefined {
  const grantType = ctx.oidc?.params?.grant_type;
  if (grantType === 'authorization_code' || grantType === 'refresh_token' || grantType === 'client_credentials') return grantType;
  return undefined;
}

/** A ttl function for oidc-provider: the client's lifespan for this grant and token, else the default as it is now. */
export function clientLifespan(kind: TokenKind, fallback: () => number) {
  return (ctx: KoaContextWithOIDC, _token: unknown, client: { [field: string]: unknown }): number => {
    const grant = ctx ? grantOf(ctx) : undefined;
    if (!grant || !client) return fallback();
    return durationSeconds(client[`${grant}_grant_${kind}_lifespan`]) ?? fallback();
  };
}
