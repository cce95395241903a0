import { createHash, randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import type { MultipartFile } from '@fastify/multipart';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToInventory } from '../../../server/api/devices/inventory.js';
import { failOnTruncation } from '../../../server/api/firmware/limited-stream.js';
import { CALLER_HEADER, STARTUP_MS, startFleetApp, type FleetTestApp } from './fleet-app.js';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function until(ok: () => Promise<boolean>, ms = 5_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await ok()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return ok();
}

describe('a firmware upload cut at the size limit', () => {
  it('fails instead of ending like a complete file', async () => {
    const file = Object.assign(new PassThrough(), { truncated: false });
    const guarded = failOnTruncation({ file } as unknown as MultipartFile, 4);
    const read = text(guarded);
    file.write('abcd');
    file.truncated = true;
    file.emit('limit');
    file.end();
    await expect(read).rejects.toMatchObject({ statusCode: 413, message: 'file: is larger than 4 bytes' });
  });

  it('counts what passed through a complete file', async () => {
    const file = Object.assign(new PassThrough(), { truncated: false });
    const guarded = failOnTruncation({ file } as unknown as MultipartFile, 100);
    file.end('hello');
    expect(await text(guarded)).toBe('hello');
    expect(guarded.bytes).toBe(5);
  });
});

describe.each(['pglite', 'postgres'])('firmware releases on %s', (backend) => {
  let t: FleetTestApp;
  let http: ReturnType<typeof request>;
  const owner = randomUUID();
  const bystander = randomUUID();
  const admin = randomUUID();
  const image = randomBytes(300_000);
  let releaseId: string;

  const upload = (fields: Record<string, string>, file: Buffer | null = image, fileName = 'ap-200.bin') => {
    let req = http.post('/api/admin/firmware/releases').set(CALLER_HEADER, admin);
    for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
    return file ? req.attach('file', file, fileName) : req;
  };
  const releaseRows = async () => (await t.db.query('SELECT version FROM firmware_releases ORDER BY version')).rows.map((r) => r.version);

  beforeAll(async () => {
    t = await startFleetApp(backend);
    http = request(t.app.server);
    await t.db.query('INSERT INTO orgs (id, name) VALUES ($1, $2), ($3, $4)', [owner, 'Owner', bystander, 'Bystander']);
    await addToInventory(
      t.db,
      [
        { serial: 'F-1', model: 'AP-200', claimCode: 'CODE-0001' },
        { serial: 'F-2', model: 'Sensor-5', claimCode: 'CODE-0002' },
      ],
      new Date(),
    );
    expect((await http.post(`/api/orgs/${owner}/devices/register`).send({ serial: 'F-1', claimCode: 'CODE-0001' })).status).toBe(201);
    expect((await http.post(`/api/orgs/${bystander}/devices/register`).send({ serial: 'F-2', claimCode: 'CODE-0002' })).status).toBe(201);
  }, STARTUP_MS);
  afterAll(async () => t?.close(), STARTUP_MS);

  it('stores a release whose file matches its hash and tells the organisations owning that model', async () => {
    const res = await upload({ version: '2.4.1', changeNotes: 'Fixes roaming.', fileHash: sha256(image).toUpperCase(), deviceModel: 'AP-200' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      deviceModel: 'AP-200',
      version: '2.4.1',
      changeNotes: 'Fixes roaming.',
      sha256: sha256(image),
      size: image.length,
      fileName: 'ap-200.bin',
      createdBy: admin,
    });
    releaseId = res.body.id;
    const row = await t.db.query<{ blob_key: string }>('SELECT blob_key FROM firmware_releases WHERE id = $1', [releaseId]);
    const stored = await t.ctx.blobs.get(row.rows[0]!.blob_key);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!) chunks.push(chunk as Buffer);
    expect(sha256(Buffer.concat(chunks))).toBe(sha256(image));
    const told = await http.get(`/api/orgs/${owner}/notifications?kind=firmware.released`);
    expect(told.body.items).toMatchObject([{ title: 'Firmware 2.4.1 for AP-200', body: 'Fixes roaming.', data: { releaseId, deviceModel: 'AP-200', version: '2.4.1' } }]);
    expect((await http.get(`/api/orgs/${bystander}/notifications?kind=firmware.released`)).body.total).toBe(0);
  });

  it('takes the version from the file name when the field is left out', async () => {
    const small = Buffer.from('sensor firmware');
    const res = await upload({ changeNotes: 'First release.', fileHash: sha256(small), deviceModel: 'Sensor-5' }, small, 'sensor-5-1.0.0-rc.1.bin');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ version: '1.0.0-rc.1', deviceModel: 'Sensor-5', size: small.length });
    expect((await http.get(`/api/orgs/${bystander}/notifications?kind=firmware.released`)).body.total).toBe(1);
  });

  it('refuses a file whose SHA-256 differs from fileHash with 400, storing nothing', async () => {
    const before = await t.blobFiles();
    const res = await upload({ version: '2.5.0', changeNotes: 'x', fileHash: sha256(Buffer.from('something else')), deviceModel: 'AP-200' });
    expect(res.status).toBe(400);
    expect(res.body.error.reason).toMatch(/^fileHash: the file's SHA-256 is [0-9a-f]{64}, not/);
    expect(await releaseRows()).toEqual(['1.0.0-rc.1', '2.4.1']);
    expect(await t.blobFiles()).toEqual(before);
    expect((await http.get(`/api/orgs/${owner}/notifications?kind=firmware.released`)).body.total).toBe(1);
  });

  it('refuses a second release of one version for one model with 409, storing nothing', async () => {
    const before = await t.blobFiles();
    const res = await upload({ version: '2.4.1', changeNotes: 'again', fileHash: sha256(image), deviceModel: 'AP-200' });
    expect(res.status).toBe(409);
    expect(res.body.error.reason).toMatch(/2\.4\.1 for AP-200 already exists/);
    expect(await t.blobFiles()).toEqual(before);
    // Another model may use the same version.
    const small = Buffer.from('s');
    expect((await upload({ version: '2.4.1', changeNotes: 'n', fileHash: sha256(small), deviceModel: 'Sensor-5' }, small)).status).toBe(201);
  });

  it('keeps one of two racing uploads of the same version, and only its file', async () => {
    const fields = { version: '2.6.0', changeNotes: 'race', fileHash: sha256(image), deviceModel: 'AP-200' };
    const results = await Promise.all([upload(fields), upload(fields)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const keys = await t.db.query<{ blob_key: string }>('SELECT blob_key FROM firmware_releases');
    const files = (await t.blobFiles()).filter((f) => f.startsWith('firmware'));
    expect(files.sort()).toEqual(keys.rows.map((r) => r.blob_key).sort());
    const winner = results.find((r) => r.status === 201)!;
    expect((await http.delete(`/api/admin/firmware/releases/${winner.body.id}`)).status).toBe(204);
  });

  it('leaves no record and no file when the upload is killed midway', async () => {
    const before = await t.blobFiles();
    const boundary = 'x-boundary-123';
    const head = [
      ...Object.entries({ version: '9.9.9', changeNotes: 'killed', fileHash: sha256(image), deviceModel: 'AP-200' }).map(
        ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
      ),
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fw.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ].join('');
    const address = t.app.server.address() as net.AddressInfo;
    const socket = net.connect(address.port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.write(
      `POST /api/admin/firmware/releases HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + image.length + 100}\r\n\r\n`,
    );
    socket.write(head);
    socket.write(image.subarray(0, 100_000));
    // The file is streaming into the store's staging area when the client goes away.
    expect(await until(async () => (await t.blobFiles()).some((f) => f.startsWith('.staging')))).toBe(true);
    socket.destroy();
    // The staging file of the broken write is removed once the request has failed.
    expect(await until(async () => JSON.stringify(await t.blobFiles()) === JSON.stringify(before))).toBe(true);
    expect(await releaseRows()).not.toContain('9.9.9');
    // The server is still fine.
    expect((await http.get('/api/firmware/releases')).status).toBe(200);
  });

  it('refuses missing or bad fields naming them, and a body that is not multipart', async () => {
    const ok = { version: '3.0.0', changeNotes: 'n', fileHash: sha256(image), deviceModel: 'AP-200' };
    const cases: [Record<string, string>, RegExp][] = [
      [{ ...ok, deviceModel: '' }, /^deviceModel: is required/],
      [{ ...ok, deviceModel: '../etc' }, /^deviceModel: /],
      [{ ...ok, fileHash: '' }, /^fileHash: is required/],
      [{ ...ok, fileHash: 'abc' }, /^fileHash: must be a SHA-256/],
      [{ ...ok, changeNotes: ' ' }, /^changeNotes: is required/],
      [{ ...ok, version: 'latest' }, /^version: must be a semantic version/],
    ];
    for (const [fields, reason] of cases) {
      const res = await upload(fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.error.reason).toMatch(reason);
    }
    const noVersion = await upload({ changeNotes: 'n', fileHash: sha256(image), deviceModel: 'AP-200' }, image, 'firmware.bin');
    expect(noVersion.body.error.reason).toMatch(/^version: is required/);
    const noFile = await upload(ok, null);
    expect(noFile.status).toBe(400);
    expect(noFile.body.error.reason).toMatch(/^file: is required/);
    // The hash must be known before the file streams in.
    const fileFirst = await http.post('/api/admin/firmware/releases').attach('file', image, 'fw.bin').field('fileHash', sha256(image));
    expect(fileFirst.status).toBe(400);
    expect(fileFirst.body.error.reason).toMatch(/^deviceModel: is required \(sent before the file\)/);
    const wrongField = await http.post('/api/admin/firmware/releases').field('deviceModel', 'AP-200').attach('image', image, 'fw.bin');
    expect(wrongField.body.error.reason).toMatch(/^file: /);
    const json = await http.post('/api/admin/firmware/releases').send(ok);
    expect(json.status).toBe(415);
    expect(await releaseRows()).not.toContain('3.0.0');
  });

  it('lists releases by model, newest first, with pages', async () => {
    const all = await http.get('/api/firmware/releases');
    expect(all.body).toMatchObject({ total: 3, page: 1, perPage: 25 });
    const ap = await http.get('/api/firmware/releases?deviceModel=AP-200');
    expect(ap.body.items.map((r: { version: string }) => r.version)).toEqual(['2.4.1']);
    const sensor = await http.get('/api/firmware/releases?deviceModel=Sensor-5&per_page=1');
    expect(sensor.body).toMatchObject({ total: 2, perPage: 1 });
    expect(sensor.body.items.map((r: { version: string }) => r.version)).toEqual(['2.4.1']);
    const second = await http.get('/api/firmware/releases?deviceModel=Sensor-5&per_page=1&page=2');
    expect(second.body.items.map((r: { version: string }) => r.version)).toEqual(['1.0.0-rc.1']);
    expect((await http.get('/api/firmware/releases?deviceModel=Sensor-5&version=1.0.0-rc.1')).body.total).toBe(1);
    const bad = await http.get('/api/firmware/releases?per_page=500');
    expect(bad.status).toBe(400);
    expect(bad.body.error.reason).toMatch(/per_page/);
    expect((await http.get('/api/firmware/releases?model=AP-200')).status).toBe(400);
  });

  it('deletes a release with its file; an unknown one is 404', async () => {
    const row = await t.db.query<{ blob_key: string }>('SELECT blob_key FROM firmware_releases WHERE id = $1', [releaseId]);
    const key = row.rows[0]!.blob_key;
    const res = await http.delete(`/api/admin/firmware/releases/${releaseId}`);
    expect(res.status).toBe(204);
    expect(await t.ctx.blobs.get(key)).toBeUndefined();
    expect((await http.get('/api/firmware/releases?deviceModel=AP-200')).body.total).toBe(0);
    expect((await http.delete(`/api/admin/firmware/releases/${releaseId}`)).status).toBe(404);
    expect((await http.delete('/api/admin/firmware/releases/nope')).status).toBe(404);
    // The version can be released again.
    expect((await upload({ version: '2.4.1', changeNotes: 'again', fileHash: sha256(image), deviceModel: 'AP-200' })).status).toBe(201);
  });
});
