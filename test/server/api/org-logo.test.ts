/**
 * An organisation's logo: set by those who may change the organisation (PNG, JPEG or WebP, kept as
 * a PNG of at most 800 × 320 pixels), read by its members, refused to others, removed on request
 * and with the organisation.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi, type TestUser } from './support/api-instance.js';

/** Supertest buffers a binary answer only when told how. */
const binary = (res: import('supertest').Response, callback: (err: Error | null, body: Buffer) => void): void => {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => callback(null, Buffer.concat(chunks)));
};

describe('organisation logo', () => {
  let t: TestApi;
  let owner: TestUser;
  let viewer: TestUser;
  let outsider: TestUser;
  let orgId: string;

  beforeAll(async () => {
    t = await startTestApi('pglite');
    const admin = await t.newUser('admin');
    [owner, viewer, outsider] = [await t.newUser('owner'), await t.newUser('viewer'), await t.newUser('outsider')];
    orgId = (
      await t.http
        .post('/api/admin/orgs')
        .set(await t.as(admin))
        .send({ name: 'Logo Org', ownerId: owner.id })
    ).body.id;
    await t.db.query(`INSERT INTO org_members (org_id, user_id, role) VALUES ($1, $2, 'viewer')`, [orgId, viewer.id]);
  }, 120_000);
  afterAll(async () => t?.close());

  it('is set, read, refused and removed as the organisation allows', async () => {
    const url = `/api/orgs/${orgId}/logo`;
    expect((await t.http.get(url).set(await t.as(owner))).status).toBe(404);
    // A wide JPEG comes back as a PNG no larger than the logo box.
    const jpeg = await sharp({ create: { width: 2000, height: 500, channels: 3, background: '#0a5' } })
      .jpeg()
      .toBuffer();
    const upload = async (who: TestUser, bytes: Buffer, name: string) =>
      t.http
        .put(url)
        .set(await t.as(who))
        .attach('file', bytes, { filename: name });
    expect((await upload(owner, jpeg, 'logo.jpg')).status).toBe(204);
    const read = await t.http
      .get(url)
      .set(await t.as(viewer))
      .buffer(true)
      .parse(binary);
    expect(read.status).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    const meta = await sharp(read.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 800, 200]);
    // A viewer reads it but may not change it; someone outside the organisation may not even read it.
    const byViewer = await upload(viewer, jpeg, 'logo.jpg');
    expect(byViewer.status).toBe(403);
    expect(byViewer.body.error.details.missing).toEqual(['org:update']);
    expect((await t.http.get(url).set(await t.as(outsider))).status).toBe(403);
    // Not an image: refused, and the stored logo stays.
    expect((await upload(owner, Buffer.from('not a picture'), 'logo.png')).status).toBe(415);
    expect((await t.http.get(url).set(await t.as(owner))).status).toBe(200);
    expect((await t.http.delete(url).set(await t.as(owner))).status).toBe(204);
    expect((await t.http.get(url).set(await t.as(owner))).status).toBe(404);
    // Deleting the organisation takes its logo along.
    expect((await upload(owner, jpeg, 'logo.jpg')).status).toBe(204);
    expect((await t.blobFiles()).filter((f) => f === 'logo.png')).toHaveLength(1);
    expect((await t.http.delete(`/api/orgs/${orgId}`).set(await t.as(owner))).status).toBe(204);
    expect((await t.blobFiles()).filter((f) => f === 'logo.png')).toHaveLength(0);
  }, 60_000);
});
