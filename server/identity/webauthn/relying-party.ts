/**
 * The relying party every WebAuthn ceremony names: the account screens' host (PUBLIC_URL), so a
 * credential made on the sign-in page works wherever that origin shows it.
 */
import type { IdentityServiceOptions } from '../options.js';

export interface RelyingParty {
  /** Host name only: the scope browsers bind credentials to. */
  id: string;
  name: string;
  /** The exact origin a ceremony's client data must name. */
  origin: string;
}

export function relyingParty(options: IdentityServiceOptions): RelyingParty {
  const ui = new URL(options.uiUrl);
  return { id: ui.hostname, name: options.productName, origin: ui.origin };
}

/** How long the browser may take over one ceremony (the user finds and touches the key). */
export const CEREMONY_TIMEOUT_MS = 5 * 60_000;

/** ES256 first (every authenticator), RS256 for Windows Hello, EdDSA for newer keys. */
export const PUBLIC_KEY_ALGORITHMS = [-7, -257, -8] as const;
