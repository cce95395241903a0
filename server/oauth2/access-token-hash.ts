/**
 * `at_hash` in the ID tokens of the token endpoint. oidc-provider sets it only when an ID token
 * leaves the authorization endpoint beside an access token; Hydra sets it in the code flow too,
 * and relying parties written against Hydra check it. The access token saved while answering a
 * request is remembered for that request, and its ID token carries the hash (computed by
 * oidc-provider itself from the value, for the signing algorithm in use).
 */
import Provider from 'oidc-provider';

interface Saving {
  save(...args: unknown[]): Promise<string>;
}

interface Issuing {
  ctx?: object;
  extra: Record<string, unknown>;
  set(claim: string, value: unknown): void;
  issue(options?: { use?: string }): Promise<string>;
}

export function addAccessTokenHash(provider: Provider): void {
  const savedIn = new WeakMap<object, string>();
  const accessToken = provider.AccessToken.prototype as unknown as Saving;
  const save = accessToken.save;
  accessToken.save = async function (this: Saving, ...args: unknown[]) {
    const value = await save.apply(this, args);
    const ctx = Provider.ctx;
    if (ctx) savedIn.set(ctx, value);
    return value;
  };
  const idToken = provider.IdToken.prototype as unknown as Issuing;
  const issue = idToken.issue;
  idToken.issue = function (this: Issuing, options) {
    const value = options?.use === 'idtoken' && this.ctx ? savedIn.get(this.ctx) : undefined;
    if (value && this.extra.at_hash === undefined) this.set('at_hash', value);
    return issue.call(this, options);
  };
}
