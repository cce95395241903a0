/** Whether an identity still has to verify an address before it may sign in (when configured). */
import type { StoredIdentity } from '../store/identities.js';

export function identityIsUnverified(identity: StoredIdentity): boolean {
  return identity.verifiable_addresses.length > 0 && !identity.verifiable_addresses.some((a) => a.verified);
}
