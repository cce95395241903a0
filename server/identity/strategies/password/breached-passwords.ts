/**
 * An offline stand-in for Kratos' Have I Been Pwned lookup: the ~49,000 most common passwords
 * from leaked sets, as zxcvbn-ts ships them. No network call, so registration works offline
 * and never sends even a hash prefix of a password anywhere.
 */

let loading: Promise<ReadonlySet<string>> | undefined;

/**
 * Loaded on first use (the package decompresses its lists on import, ~30 ms) and kept for the
 * life of the process. Entries are lowercase, and so is the lookup: "Password1234" is no safer.
 */
export function loadBreachedPasswords(): Promise<ReadonlySet<string>> {
  loading ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase())),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export async function isCommonBreachedPassword(password: string): Promise<boolean> {
  const breached = await loadBreachedPasswords();
  return breached.has(password.toLowerCase());
}
