/**
 * The provider reads accounts from the identity service's admin API for every token and
 * `/userinfo`: concurrent and repeated reads of one account within a few seconds share one request,
 * and an unknown account is answered as none (not an error).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityReader } from '../../../server/oauth2/claims.js';

const KNOWN = '8c0c3a1e-0000-4000-8000-000000000001';
let server: Server;
let url: string;
const asked: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    asked.push(request.url ?? '');
    const id = (request.url ?? '').split('/').pop();
    response.setHeader('content-type', 'application/json');
    if (id !== KNOWN) {
      response.statusCode = 404;
      response.end(JSON.stringify({ error: { code: 404, status: 'Not Found' } }));
      return;
    }
    response.end(JSON.stringify({ id: KNOWN, schema_id: 'default', schema_url: '', traits: { email: 'ada@example.com' }, state: 'active' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('account reads of the OAuth2 provider', () => {
  it('asks the identity service once for repeated and concurrent reads of one account', async () => {
    const read = identityReader(() => ({ url }));
    const answers = await Promise.all([read(KNOWN), read(KNOWN), read(KNOWN)]);
    expect(answers.map((a) => a?.traits)).toEqual([{ email: 'ada@example.com' }, { email: 'ada@example.com' }, { email: 'ada@example.com' }]);
    expect((await read(KNOWN))?.id).toBe(KNOWN);
    expect(asked.filter((path) => path.endsWith(KNOWN))).toHaveLength(1);
  });

  it('answers an unknown account as none', async () => {
    const read = identityReader(() => ({ url }));
    expect(await read('8c0c3a1e-0000-4000-8000-00000000dead')).toBeUndefined();
  });
});
