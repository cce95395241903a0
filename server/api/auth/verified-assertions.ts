/**
 * Identity assertions the API has verified, remembered by their exact text until they expire.
 * The gateway reuses one assertion per session and scope for most of its minute, and checking
 * its HMAC through WebCrypto costs more than the rest of the API's access check; the same bytes
 * that passed once prove the same claims until `exp`, which is checked on every use.
 */
import { LRUCache } from 'lru-cache';
import { verifyIdentityAssertion, type IdentityAssertion } from '../../../shared/identity-assertion.js';

export class VerifiedAssertions {
  private readonly verified = new LRUCache<string, IdentityAssertion>({ max: 20_000 });

  constructor(
    private readonly key: Uint8Array,
    private readonly nowSeconds: () => number = () => Date.now() / 1000,
  ) {}

  /** The claims of a valid assertion; throws for an invalid or expired one. */
  async verify(token: string): Promise<IdentityAssertion> {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp > this.nowSeconds()) return known;
      this.verified.delete(token);
    }
    const claims = await verifyIdentityAssertion(this.key, token);
    this.verified.set(token, claims);
    return claims;
  }
}
