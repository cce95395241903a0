/**
 * The OAuth2 client a token or revocation request claims to be, read the way the provider reads
 * it (RFC 6749 §2.3): the Basic header's user part, form-decoded; else the form's `client_id`;
 * else the subject of a `client_assertion` JWT. Decoding as the provider does matters: were
 * `app` and `%61pp` two clients here and one there, each spelling would get its own allowance.
 * Nothing is verified — it is a claim, counted as made. The secret is never read.
 */
export function claimedClientId(authorization: string | undefined, form: URLSearchParams | undefined): string | undefined {
  const basic = /^basic ([A-Za-z0-9+/]+={0,2})$/i.exec(authorization ?? '');
  if (basic) {
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) return formDecoded(decoded.slice(0, colon));
  }
  const clientId = form?.get('client_id');
  if (clientId) return clientId;
  const assertion = form?.get('client_assertion');
  return assertion ? assertionSubject(assertion) : undefined;
}

function formDecoded(value: string): string | undefined {
  try {
    return decodeURIComponent(value.replace(/\+/g, '%20'));
  } catch {
    // The provider refuses such a header as a bad request, which is not counted.
    return undefined;
  }
}

function assertionSubject(jwt: string): string | undefined {
  try {
    const payload: unknown = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'));
    const sub = (payload as { sub?: unknown } | null)?.sub;
    return typeof sub === 'string' && sub ? sub : undefined;
  } catch {
    return undefined;
  }
}
