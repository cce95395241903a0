/**
 * What the embedded OAuth2 provider needs to know about the world: its issuer as clients see it
 * (the gateway's origin + `/.ory`), where the account screens are (login and consent), how to
 * reach the identity service's admin API, its lifespans and how often its signing key is replaced.
 */
import type { IdentityAdminAccess } from './claims.js';

export interface OAuth2ServiceOptions {
  /** `<gateway public URL>/.ory`: every URL in discovery and every token's `iss`. */
  issuer: string;
  /** Origin of the account screens: `/login?login_challenge=`, `/consent?consent_challenge=`, `/error`. */
  uiUrl: string;
  /** Bearer token of the admin API. */
  adminToken: string;
  /** Read at each use: the identity service may be started after the provider. */
  identityAdmin: () => IdentityAdminAccess | undefined;
  lifespans: OAuth2Lifespans;
  /** Anyone may register a client at `/oauth2/register` (and manage it with its registration token). */
  dynamicRegistration: boolean;
  /**
   * Calls to applications (back-channel logout tokens) may go to loopback and private addresses.
   * Off, oidc-provider refuses them, so a registered URI cannot make the provider probe the host's network.
   */
  privateNetworkCallbacks?: boolean;
  /**
   * Seconds an ID token signing key signs before the maintenance pass replaces it (the older key
   * keeps verifying until its tokens have expired). DEFAULT_SIGNING_KEY_ROTATION when absent.
   */
  signingKeyRotation?: number;
}

/** Seconds, as oidc-provider and Hydra count them. */
export interface OAuth2Lifespans {
  accessToken: number;
  idToken: number;
  authorizationCode: number;
  refreshToken: number;
  /** How long a login or consent request may wait for its answer. */
  interaction: number;
  session: number;
}

const HOUR = 3600;
const DAY = 24 * HOUR;

/** Hydra's defaults: 1 h tokens, 10 min codes, 30 days refresh tokens. */
export const DEFAULT_OAUTH2_LIFESPANS: OAuth2Lifespans = Object.freeze({
  accessToken: HOUR,
  idToken: HOUR,
  authorizationCode: 600,
  refreshToken: 30 * DAY,
  interaction: HOUR,
  session: 30 * DAY,
});

/** 90 days: a key that leaked unnoticed signs for a bounded time, and relying parties meet a new kid a few times a year. */
export const DEFAULT_SIGNING_KEY_ROTATION = 90 * DAY;
