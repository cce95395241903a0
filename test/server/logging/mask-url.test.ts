/** What the logs may show of a URL: OAuth2 and self-service credentials in the query are masked, the rest stays for tracing. */
import { describe, expect, it } from 'vitest';
import { maskUrl } from '../../../server/logging/mask-url.js';

describe('maskUrl', () => {
  it('masks the OAuth2 provider credentials that travel in URLs', () => {
    expect(maskUrl('/.ory/oauth2/sessions/logout?id_token_hint=eyJ.a.b&post_logout_redirect_uri=https://app/x&state=s')).toBe(
      '/.ory/oauth2/sessions/logout?id_token_hint=[redacted]&post_logout_redirect_uri=https://app/x&state=s',
    );
    expect(maskUrl('/.ory/oauth2/sessions/logout?logout_verifier=V1')).toBe('/.ory/oauth2/sessions/logout?logout_verifier=[redacted]');
    expect(maskUrl('/.ory/oauth2/auth?client_id=c&login_verifier=L&consent_verifier=C')).toBe(
      '/.ory/oauth2/auth?client_id=c&login_verifier=[redacted]&consent_verifier=[redacted]',
    );
    expect(maskUrl('/callback?code=abc&state=s')).toBe('/callback?code=[redacted]&state=s');
  });

  it('keeps challenges and paths, which are no credentials', () => {
    expect(maskUrl('/login?login_challenge=abc')).toBe('/login?login_challenge=abc');
    expect(maskUrl('/.ory/oauth2/auth/abc')).toBe('/.ory/oauth2/auth/abc');
  });
});
