/**
 * A provider's claims as identity traits, by the provider's declarative mapping
 * (`{"email":"email","name.first":"given_name"}`), and which of the addresses it vouches for.
 */
import type { Claims } from './provider-client.js';
import type { OidcProvider } from './providers.js';

export function traitsFromClaims(provider: OidcProvider, claims: Claims): Record<string, unknown> {
  const traits: Record<string, unknown> = {};
  for (const [path, claim] of Object.entries(provider.traits)) {
    const value = claims[claim];
    if (value === undefined || value === null || value === '') continue;
    const keys = path.split('.');
    let target = traits;
    for (const key of keys.slice(0, -1)) {
      if (typeof target[key] !== 'object' || target[key] === null) target[key] = {};
      target = target[key] as Record<string, unknown>;
    }
    target[keys[keys.length - 1]!] = typeof value === 'string' ? value.trim() : value;
  }
  return traits;
}

/** The e-mail address the provider says it verified, lower-cased; none when it does not say so. */
export function verifiedEmail(claims: Claims): string | undefined {
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  return verified && typeof claims.email === 'string' && claims.email.includes('@') ? claims.email.trim().toLowerCase() : undefined;
}
