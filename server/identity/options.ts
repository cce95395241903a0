/**
 * What the embedded identity service needs to know about the world: where browsers reach its
 * public API and the account screens, which return URLs it may send people to, and its
 * lifespans. `server/main.ts` derives these from the gateway's configuration.
 */
import type { OidcProvider } from './strategies/oidc/providers.js';
import type { IdentitySchemaEntry } from './traits/identity-schema.js';

export interface IdentityServiceOptions {
  /** The public API as browsers see it, e.g. `http://localhost:3000/.ory` behind the gateway. */
  publicUrl: string;
  /** Origin of the account screens (`/login`, `/registration`, ...). */
  uiUrl: string;
  /** Origins (or URL prefixes) `return_to` may point at; the UI origin always may. */
  allowedReturnUrls: string[];
  /** Bearer token of the admin API. */
  adminToken: string;
  schemas: IdentitySchemaEntry[];
  defaultSchemaId: string;
  lifespans: Lifespans;
  /** Refuse sign-in until an address is verified (message 4000010). */
  requireVerifiedAddress: boolean;
  /** Sender address of the courier's e-mails. */
  courierFrom: string;
  /** SMTP delivery of the outbox. */
  smtpUrl?: string;
  /**
   * Without SMTP: a directory the outbox is delivered to as `.eml` files. Without either,
   * messages stay queued and readable through the admin courier API.
   */
  mailDirectory?: string;
  /** Product name used in e-mails. */
  productName: string;
  /**
   * The OAuth2 provider's admin API (Hydra wire format), where the sign-in card accepts the
   * provider's login requests. Without it a `login_challenge` is refused.
   */
  oauth2Admin?: { url: string; token?: string };
  /** OpenID Connect (and GitHub) providers people may sign in with (strategy `oidc`). */
  oidcProviders?: OidcProvider[];
}

export interface Lifespans {
  flowMs: number;
  sessionMs: number;
  /** How long after signing in credentials may be changed without signing in again. */
  privilegedMs: number;
  codeMs: number;
  linkMs: number;
}

const MINUTE = 60_000;

export const DEFAULT_LIFESPANS: Lifespans = Object.freeze({
  flowMs: 60 * MINUTE,
  sessionMs: 24 * 60 * MINUTE,
  privilegedMs: 15 * MINUTE,
  codeMs: 15 * MINUTE,
  linkMs: 60 * MINUTE,
});

/** Wrong codes accepted per code before it is spent. */
export const CODE_MAX_ATTEMPTS = 5;
