/**
 * Hydra's `remember` and `remember_for` of an accepted login, on oidc-provider's session. Not
 * remembered: a browser-session cookie (oidc-provider's transient session). Remembered for N
 * seconds: the sign-in at the provider ends N seconds after it happened, whatever the use in
 * between. Remembered with 0: for the provider's session lifespan, renewed with each use.
 */
import type { KoaContextWithOIDC, Session } from 'oidc-provider';
import type Provider from 'oidc-provider';

type RememberingSession = Session & { rememberFor?: number; loginTs?: number };

/** The session keeps the accepted login's `remember_for` (oidc-provider stores only named fields). */
export function rememberLoginLifespans(provider: Provider): void {
  const fields = provider.Session.IN_PAYLOAD;
  Object.defineProperty(provider.Session, 'IN_PAYLOAD', { get: () => [...fields, 'rememberFor'] });
}

/** ttl.Session: seconds the provider's sign-in session is kept from now. */
export function sessionLifespan(defaultSeconds: number) {
  return (ctx: KoaContextWithOIDC, session: RememberingSession): number => {
    const login = ctx.oidc?.result?.login as { remember_for?: number; accountId?: string } | undefined;
    // The resume of an accepted login: the session is being signed in now, with this answer.
    if (login && login.accountId === session.accountId && typeof login.remember_for === 'number') session.rememberFor = login.remember_for;
    if (!session.rememberFor || !session.loginTs) return defaultSeconds;
    const remaining = session.loginTs + session.rememberFor - Math.floor(Date.now() / 1000);
    // Past its time (a request that began just before it): the sign-in ends here, not a second later.
    if (remaining <= 0) session.accountId = undefined;
    return Math.max(1, remaining);
  };
}
