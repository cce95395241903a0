/**
 * Headers through which a client could claim an identity to an upstream. None may pass: the
 * API learns who is calling only from the gateway's signed assertion.
 */
const EXACT = new Set([
  'x-sitewave-identity',
  'x-forwarded-user',
  'x-forwarded-email',
  'x-forwarded-preferred-username',
  'x-forwarded-groups',
  'x-forwarded-access-token',
  'x-remote-user',
  'x-remote-email',
  'x-remote-groups',
  'remote-user',
  'x-webauth-user',
  'x-ms-client-principal',
  'x-ms-client-principal-id',
  'x-ms-client-principal-name',
  'x-goog-authenticated-user-email',
  'x-goog-authenticated-user-id',
  'x-amzn-oidc-identity',
  'x-amzn-oidc-data',
  'x-amzn-oidc-accesstoken',
  'x-jwt-assertion',
]);
const PREFIXES = ['x-user-', 'x-auth-', 'x-authenticated-', 'x-sitewave-', 'x-identity-'];

export function isIdentityHeader(name: string): boolean {
  if (EXACT.has(name)) return true;
  for (const prefix of PREFIXES) if (name.startsWith(prefix)) return true;
  return false;
}

/** Hop-by-hop headers (RFC 9110 §7.6.1) and ones the gateway sets itself. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'expect',
]);

export function isHopByHop(name: string): boolean {
  return HOP_BY_HOP.has(name);
}
