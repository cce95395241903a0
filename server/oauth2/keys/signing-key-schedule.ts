/**
 * When the ID token signing key is replaced and when a replaced one may leave the JWKS: rules
 * over the keys' times alone, so the maintenance pass, its check under the lock and the admin
 * listing decide alike.
 */

/** A key by its times; the first of a list signs, the others only verify. */
export interface TimedKey {
  kid: string;
  createdAt: Date;
  /** When it stopped signing; null for the key that signs. */
  retiredAt: Date | null;
}

const ms = (seconds: number) => seconds * 1000;

/** The signing key has signed for `rotateAfter` seconds: time for a new one. */
export function rotationDue(signing: TimedKey, rotateAfter: number, now: Date): boolean {
  return now.getTime() >= rotateAt(signing, rotateAfter).getTime();
}

export function rotateAt(signing: TimedKey, rotateAfter: number): Date {
  return new Date(signing.createdAt.getTime() + ms(rotateAfter));
}

/**
 * A retired key may go once the longest-lived token it can have signed has expired: `keepFor`
 * seconds after it stopped signing. Undefined for a key that still signs.
 */
export function removeAt(key: TimedKey, keepFor: number): Date | undefined {
  return key.retiredAt ? new Date(key.retiredAt.getTime() + ms(keepFor)) : undefined;
}

/** The retired keys whose time has come. The first key signs, whatever its times say, and never goes. */
export function prunable(keys: readonly TimedKey[], keepFor: number, now: Date): TimedKey[] {
  return keys.slice(1).filter((key) => {
    const at = removeAt(key, keepFor);
    return at !== undefined && at.getTime() <= now.getTime();
  });
}
