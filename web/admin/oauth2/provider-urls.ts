/**
 * Where another application finds the provider: its issuer is the gateway's `/.ory` (the
 * embedded provider looks like Ory Hydra from outside) and discovery lies beneath it.
 */
export function providerUrls(origin: string = window.location.origin) {
  const issuer = `${origin}/.ory`;
  return { issuer, discovery: `${issuer}/.well-known/openid-configuration` };
}
