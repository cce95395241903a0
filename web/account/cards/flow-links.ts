/**
 * Links between the account cards keep the parameters that say where the user is going
 * (`return_to`, an OAuth2 `login_challenge`), so switching from sign-in to registration does not
 * lose the way back to the application.
 */
const CARRIED = ['return_to', 'login_challenge'] as const;

export function linkWithContext(path: string, search: string = typeof window === 'undefined' ? '' : window.location.search): string {
  const current = new URLSearchParams(search);
  const next = new URLSearchParams();
  for (const name of CARRIED) {
    const value = current.get(name);
    if (value) next.set(name, value);
  }
  const query = next.toString();
  return query ? `${path}?${query}` : path;
}
