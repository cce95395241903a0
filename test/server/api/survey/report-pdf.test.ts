/**
 * The survey report as a PDF, read back with poppler: the demo project's report names every
 * network its walks heard and the requirements as rendered, every page renders, bad options are
 * refused naming the option, and the pages are kept as pictures under test-artifacts/report/ for
 * a person to look at.
 */
import { execFile } from 'node:child_process';
import { get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSurvey } from '../../../../server/api/demo/demo-survey.js';
import { logoKey } from '../../../../server/api/orgs/logo.js';
import { LOCALES } from '../../../../shared/locales.js';
import { startTestApi, type TestApi } from '../support/api-instance.js';
import { startSurveyApp, type SurveyTestApp } from './survey-app.js';

const run = promisify(execFile);
const REPORTS = path.resolve('test-artifacts/report');

/** Supertest buffers a binary answer only when told how. */
const binary = (res: request.Response, callback: (err: Error | null, body: Buffer) => void): void => {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => callback(null, Buffer.concat(chunks)));
};

async function pdfText(file: string): Promise<string> {
  return (await run('pdftotext', ['-layout', file, '-'], { maxBuffer: 64 * 1024 * 1024 })).stdout;
}

describe.each(['pglite', 'postgres'])('survey report PDF on %s', (backend) => {
  const ARTIFACTS = path.join(REPORTS, backend);
  let t: SurveyTestApp;
  let projectId: string;
  let floors: { id: string; name: string }[];
  const orgId = randomUUID();
  const owner = randomUUID();

  beforeAll(async () => {
    await rm(ARTIFACTS, { recursive: true, force: true });
    await mkdir(ARTIFACTS, { recursive: true });
    t = await startSurveyApp(backend);
    await t.db.query('INSERT INTO orgs (id, name) VALUES ($1, $2)', [orgId, 'Łódź Wireless']);
    projectId = (await seedDemoSurvey(t.ctx, orgId, owner)).id;
    const http = request(t.app.server);
    floors = (await http.get(`/api/projects/${projectId}/floors`)).body.items;
    // A photo pinned on the ground floor, with a caption in Polish.
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3a7bd5' } })
      .jpeg()
      .toBuffer();
    const photo = await http
      .post(`/api/floors/${floors[0]!.id}/photos`)
      .field('x', '300')
      .field('y', '200')
      .field('caption', 'Szafa serwerowa, żółta ściana')
      .attach('file', jpeg, { filename: 'rack.jpg', contentType: 'image/jpeg' });
    expect(photo.status).toBe(201);
    // The organisation's logo, as its upload stores it: a PNG with transparency.
    const logo = await sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 200, g: 30, b: 60, alpha: 0.8 } } })
      .png()
      .toBuffer();
    await t.ctx.blobs.put(logoKey(orgId), logo, 'image/png');
  }, 120_000);
  afterAll(async () => t?.close());

  it("holds the demo walks' networks and the requirements, and every page renders", async () => {
    const http = request(t.app.server);
    const res = await http.get(`/api/projects/${projectId}/report.pdf`).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Demo office survey.pdf')}`);
    const body = res.body as Buffer;
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    const file = path.join(ARTIFACTS, 'demo-en.pdf');
    await writeFile(file, body);
    const text = await pdfText(file);
    const ssids = (await t.db.query<{ name: string }>(`SELECT DISTINCT n.name FROM track_networks n JOIN tracks t ON t.id = n.track_id WHERE n.name <> ''`)).rows.map(
      (r) => r.name,
    );
    expect(ssids.sort()).toEqual(['CafeNextDoor', 'Sitewave-Demo']);
    for (const ssid of ssids) expect(text).toContain(ssid);
    // The requirements as the summary states them (Wi-Fi defaults), with a true minus sign.
    for (const figure of ['at least −67 dBm', 'at least −75 dBm', 'at least 25 dB', 'at most 2', 'Demo office survey', 'Łódź Wireless', 'Szafa serwerowa, żółta ściana']) {
      expect(text).toContain(figure);
    }
    for (const floor of floors) expect(text).toContain(floor.name);
    // The cover carries the logo: the only picture on the first page.
    const images = (await run('pdfimages', ['-list', '-f', '1', '-l', '1', file])).stdout.trim().split('\n').slice(2);
    expect(images.map((line) => line.trim().split(/\s+/).slice(3, 5))).toContainEqual(['300', '100']);
    // Two floors × one walk × the three default views.
    expect(text.match(/Signal-to-noise ratio\n/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    await run('pdftoppm', ['-r', '50', '-png', file, path.join(ARTIFACTS, 'demo-en')]);
    const pages = (await readdir(ARTIFACTS)).filter((f) => f.startsWith('demo-en-') && f.endsWith('.png'));
    const { stdout } = await run('pdfinfo', [file]);
    expect(pages.length).toBe(Number(/Pages:\s+(\d+)/.exec(stdout)![1]));
    expect(pages.length).toBeGreaterThanOrEqual(10);
  }, 120_000);

  it('is written in the language asked for, with every character of it', async () => {
    const http = request(t.app.server);
    const res = await http
      .get(`/api/projects/${projectId}/report.pdf`)
      .query({ lang: 'pl', floors: floors[1]!.id, views: 'requirements', networks: 'Sitewave-Demo' })
      .buffer(true)
      .parse(binary);
    expect(res.status).toBe(200);
    const file = path.join(ARTIFACTS, 'demo-pl.pdf');
    await writeFile(file, res.body as Buffer);
    const text = await pdfText(file);
    expect(text).toContain('Raport z pomiarów sieci bezprzewodowej');
    expect(text).toContain('co najmniej −67 dBm');
    expect(text).toContain(floors[1]!.name);
    expect(text).not.toContain(floors[0]!.name);
    // The network table keeps only the network asked for.
    expect(text).toContain('Sitewave-Demo');
    expect(text).not.toContain('CafeNextDoor');
    await run('pdftoppm', ['-r', '50', '-png', file, path.join(ARTIFACTS, 'demo-pl')]);
  }, 120_000);

  it('sets every language in its own words and characters', async () => {
    const http = request(t.app.server);
    for (const lang of LOCALES) {
      const res = await http.get(`/api/projects/${projectId}/report.pdf`).query({ lang, floors: floors[0]!.id, views: 'requirements' }).buffer(true).parse(binary);
      expect(res.status).toBe(200);
      const file = path.join(ARTIFACTS, `demo-${lang}-1.pdf`);
      await writeFile(file, res.body as Buffer);
      const text = (await pdfText(file)).replace(/\s+/g, ' ');
      const catalogue = JSON.parse(await readFile(`locales/report/${lang}.json`, 'utf8')) as {
        report: { title: string; summary: { title: string; perFloor: string; method: string } };
      };
      // Characters outside WinAnsi (Polish ł ż, the minus sign, French ’) come out as themselves.
      for (const phrase of [catalogue.report.title, catalogue.report.summary.title, catalogue.report.summary.perFloor]) expect(text).toContain(phrase);
      expect(text).toContain('−67');
      // The processing method and its measured error, in the reader's language.
      expect(text).toContain(catalogue.report.summary.method.split('{{radius}}')[0]!.trim());
    }
  }, 120_000);

  it('states the interpolation radius each walk was processed with, not the default', async () => {
    const floor = floors[1]!.id;
    const method = async () => {
      const res = await request(t.app.server).get(`/api/projects/${projectId}/report.pdf`).query({ lang: 'en', floors: floor, views: 'requirements' }).buffer(true).parse(binary);
      expect(res.status).toBe(200);
      const file = path.join(ARTIFACTS, 'demo-radius.pdf');
      await writeFile(file, res.body as Buffer);
      return /interpolated within (\S+) m of the samples/.exec((await pdfText(file)).replace(/\s+/g, ' '))?.[1];
    };
    const walks = `SELECT id FROM tracks WHERE floor_id = $1 AND status = 'processed' ORDER BY id`;
    const ids = (await t.db.query<{ id: string }>(walks, [floor])).rows.map((r) => r.id);
    const setRadius = (id: string, radius: number) =>
      t.db.query(`UPDATE tracks SET result = jsonb_set(result, '{method,radiusM}', $2::jsonb) WHERE id = $1`, [id, JSON.stringify(radius)]);
    try {
      for (const id of ids) await setRadius(id, 3);
      expect(await method()).toBe('3');
      if (ids.length > 1) {
        await setRadius(ids[0]!, 7.5);
        expect(await method()).toBe('3–7.5');
      }
    } finally {
      for (const id of ids) await setRadius(id, 5);
    }
  }, 120_000);

  it('stops working on a report whose reader hangs up', async () => {
    const reads: string[] = [];
    const get = t.ctx.blobs.get.bind(t.ctx.blobs);
    t.ctx.blobs.get = async (key) => (reads.push(key), get(key));
    try {
      const { port } = t.app.server.address() as AddressInfo;
      // The PDF's first bytes leave at once; the reader leaves with them, before the first heatmap.
      await new Promise<void>((resolve, reject) => {
        const req = httpGet(`http://127.0.0.1:${port}/api/projects/${projectId}/report.pdf`, (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', (err) => (req.destroyed ? resolve() : reject(err)));
      });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const plansAndPhotos = () => reads.filter((key) => key !== logoKey(orgId));
      expect(plansAndPhotos()).toEqual([]);
      // A whole report reads each walk's plan, the photos' plan and the photo.
      await request(t.app.server).get(`/api/projects/${projectId}/report.pdf`).buffer(true).parse(binary);
      expect(plansAndPhotos()).toHaveLength(4);
    } finally {
      t.ctx.blobs.get = get;
    }
  }, 60_000);

  it('refuses options that name nothing in the project, naming the option', async () => {
    const http = request(t.app.server);
    const ask = (query: Record<string, string>) => http.get(`/api/projects/${projectId}/report.pdf`).query(query);
    const otherFloor = randomUUID();
    let res = await ask({ floors: `${floors[0]!.id},${otherFloor}` });
    expect(res.status).toBe(400);
    expect(res.body.error.reason).toMatch(new RegExp(`^floors: .*${otherFloor}`));
    res = await ask({ views: 'primary,network' });
    expect(res.status).toBe(400);
    expect(res.body.error.reason).toMatch(/^views: unknown view network/);
    res = await http.get(`/api/projects/${projectId}/report.pdf`).query('networks=Sitewave-Demo&networks=NoSuchSsid');
    expect(res.status).toBe(400);
    expect(res.body.error.reason).toMatch(/^networks: .*NoSuchSsid/);
    res = await ask({ lang: 'xx' });
    expect(res.status).toBe(400);
    expect(res.body.error.reason).toMatch(/lang/);
    expect((await http.get(`/api/projects/${randomUUID()}/report.pdf`)).status).toBe(404);
  });
});

describe('survey report PDF access', () => {
  const ARTIFACTS = REPORTS;
  let t: TestApi;
  beforeAll(async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    t = await startTestApi('pglite');
  }, 120_000);
  afterAll(async () => t?.close());

  it('is answered to a reader of the project and refused to anyone else', async () => {
    const admin = await t.newUser('admin');
    const [owner, outsider] = [await t.newUser('owner'), await t.newUser('outsider')];
    const orgId = (
      await t.http
        .post('/api/admin/orgs')
        .set(await t.as(admin))
        .send({ name: 'Report Org', ownerId: owner.id })
    ).body.id;
    const projectId = (
      await t.http
        .post(`/api/orgs/${orgId}/projects`)
        .set(await t.as(owner))
        .send({ name: 'Empty site' })
    ).body.id;
    const refused = await t.http.get(`/api/projects/${projectId}/report.pdf`).set(await t.as(outsider));
    expect(refused.status).toBe(403);
    expect(refused.body.error.details.missing).toEqual(['project:read']);
    expect((await t.http.get(`/api/projects/${projectId}/report.pdf`)).status).toBe(401);
    // A project with nothing surveyed yet still has a report: its cover and an empty summary.
    const res = await t.http
      .get(`/api/projects/${projectId}/report.pdf`)
      .set(await t.as(owner))
      .buffer(true)
      .parse(binary);
    expect(res.status).toBe(200);
    const file = path.join(ARTIFACTS, 'empty-project.pdf');
    await writeFile(file, res.body as Buffer);
    expect(await pdfText(file)).toContain('Empty site');
  }, 120_000);
});
