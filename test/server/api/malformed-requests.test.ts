/**
 * Requests that do not parse are the client's mistake, answered 400 in the error envelope with
 * what was wrong: a multipart body without a usable boundary or cut off inside a part, a path
 * that is not valid percent-encoding. (Found by the fuzz test, test/server/gateway/input-fuzz.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi, type TestUser } from './support/api-instance.js';

describe('malformed requests to the API', () => {
  let t: TestApi;
  let admin: TestUser;

  beforeAll(async () => {
    t = await startTestApi('pglite');
    admin = await t.newUser('admin');
  });

  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['no boundary', 'multipart/form-data', '{"a":1}'],
    ['a boundary longer than the parser takes', `multipart/form-data; boundary=${'b'.repeat(300)}`, 'x'],
    ['a body that ends inside a part', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="deviceModel"\r\n\r\nabc'],
  ])('answers 400 to a multipart upload with %s, and stores nothing', async (_name, contentType, body) => {
    const res = await t.http
      .post('/api/admin/firmware/releases')
      .set(await t.as(admin))
      .set('content-type', contentType)
      .send(body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toMatchObject({ code: 400, status: 'Bad Request' });
    expect(res.body.error.reason).toMatch(/^The multipart body is malformed: /);
    expect(await t.blobFiles()).toEqual([]);
  });

  it('answers 400 in the envelope to a path that is not valid percent-encoding', async () => {
    const res = await t.http.get('/api/orgs/%zz').set(await t.as(admin));
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: 400, status: 'Bad Request', reason: 'The request path is not valid percent-encoding', message: expect.any(String) });
  });
});
