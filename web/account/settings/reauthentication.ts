/**
 * A change that needs a recent sign-in (a credential, after the privileged window) is refused
 * with 403 `session_refresh_required`. The user signs in again on our own /login page in
 * refresh mode and comes back to the same settings flow, whose form is still there.
 */
export function reauthenticationUrl(redirectBrowserTo: string | undefined, here: string): string {
  let returnTo = here;
  if (redirectBrowserTo) {
    try {
      returnTo = new URL(redirectBrowserTo, here).searchParams.get('return_to') ?? here;
    } catch {
      // Not a URL: come back here.
    }
  }
  return `/login?refresh=true&return_to=${encodeURIComponent(returnTo)}`;
}
