/**
 * An API key presented in `Authorization: Bearer`, checked the one way every door that takes
 * keys checks it (the project API, the admin APIs): an address that has sent too many wrong keys
 * this minute waits, whatever key it sends now, so guessing costs the same on every door; a wrong
 * key is a 401 and counts. The key itself goes no further than ApiKeys.verify.
 */
import { clientNetwork } from './client-network.js';
import type { ApiKeys, VerifiedKey } from './api-keys.js';
import { HttpError } from './http-error.js';
import type { WindowCounts } from './window-counts.js';

export interface ApiKeyCheck {
  apiKeys: ApiKeys;
  /** Where wrong keys are counted per client address (shared through Redis when there is one). */
  failures: WindowCounts;
  failuresPerMinute: number;
}

const BEARER = /^Bearer ([^\s]{1,200})$/;
const MINUTE = 60_000;

export async function requireApiKey(authorization: string | undefined, clientIp: string, check: ApiKeyCheck): Promise<VerifiedKey> {
  if (authorization === undefined) throw new HttpError(401, 'This endpoint needs an API key of the project in Authorization: Bearer');
  const counted = `api-key-failures:${clientNetwork(clientIp)}`;
  const [failures] = await check.failures.apply([{ op: 'get', key: counted }]);
  if (failures && failures.count >= check.failuresPerMinute) {
    const seconds = Math.max(1, Math.ceil(failures.msLeft / 1000));
    throw new HttpError(429, `Too many wrong API keys from this address: retry in ${seconds} s`, undefined, { 'retry-after': String(seconds) });
  }
  const value = BEARER.exec(authorization)?.[1];
  const key = value ? await check.apiKeys.verify(value) : null;
  if (!key) {
    await check.failures.apply([{ op: 'add', key: counted, windowMs: MINUTE }]);
    throw new HttpError(401, 'The API key is not valid: it is unknown, revoked or expired');
  }
  return key;
}
