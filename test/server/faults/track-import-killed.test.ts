/**
 * `kill -9` of the product during a track import, at its two windows:
 * - while the file streams in: an import is all or nothing (the track row and its samples are
 *   written in one transaction once the whole file has been read), so after a restart there is
 *   no track, no blob, and the same file imports again;
 * - while an accepted track is being processed: the import answered 201 and the track is the
 *   processing queue's, so after a restart it is processed completely, at once, not left
 *   `processing` for a dead process until the stale period runs out.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layoutSvg } from '../../../server/api/demo/floorplan-svg.js';
import { generateLayout, surveyRoute } from '../../../server/api/demo/site-layout.js';
import { placeAccessPoints, simulateWalk, toPixels } from '../../../server/api/demo/walk-simulator.js';
import { sampleTableCsv } from '../../support/sample-csv.js';
import { ASSERTION_HEADER } from '../../../shared/identity-assertion.js';
import { freePort } from '../../support/listen.js';
import { killHard, signedInPerson, startProduct, storedBlobs, until, type Product } from '../support/product-process.js';

const PX_PER_M = 10;
/** Enough samples that processing takes a good part of a second, a window a kill can land in. */
const SAMPLES = 60_000;

interface TrackBody {
  id: string;
  status: string;
  queuedAt: string | null;
  startedAt: string | null;
  sampleCount: number;
  result: unknown;
}

describe('the product killed with SIGKILL during a track import', () => {
  let dataDir: string;
  let port: number;
  let product: Product;
  let as: () => Promise<Record<string, string>>;
  let floorId: string;
  let csv: string;
  let sampleCount: number;

  const api = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${product.apiUrl}${url}`, {
      method,
      headers: { ...(await as()), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> & { items?: unknown[]; total?: number } };
  };
  const importTrack = async (query = '') => {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'walk.csv');
    const res = await fetch(`${product.apiUrl}/api/floors/${floorId}/tracks${query}`, { method: 'POST', headers: await as(), body: form });
    return { status: res.status, body: (await res.json()) as TrackBody };
  };
  const track = async (id: string) => (await api('GET', `/api/tracks/${id}`)).body as unknown as TrackBody;
  const tracksOnFloor = async () => (await api('GET', `/api/floors/${floorId}/tracks?per_page=100`)).body.items as TrackBody[];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sitewave-faults-'));
    port = await freePort();
    product = await startProduct(dataDir, port);
    as = await signedInPerson(product);

    const org = await api('POST', '/api/admin/orgs', { name: `Killed imports ${randomUUID()}` });
    expect(org.status).toBe(201);
    const project = await api('POST', `/api/orgs/${String(org.body.id)}/projects`, { name: 'Killed imports' });
    expect(project.status).toBe(201);
    const floor = await api('POST', `/api/projects/${String(project.body.id)}/floors`, { name: 'Ground', level: 0 });
    expect(floor.status).toBe(201);
    floorId = String(floor.body.id);

    const layout = generateLayout(11, 80, 40);
    const walk = simulateWalk(layout, placeAccessPoints(layout, 12, 8), { route: surveyRoute(layout), seed: 13, scanIntervalS: 0.25, minSamples: SAMPLES });
    const samples = toPixels(walk.samples, PX_PER_M);
    sampleCount = samples.count;
    csv = sampleTableCsv(samples);
    const plan = new FormData();
    plan.append('file', new Blob([layoutSvg(layout, PX_PER_M, 'Ground')], { type: 'image/svg+xml' }), 'ground.svg');
    const planned = await fetch(`${product.apiUrl}/api/floors/${floorId}/floorplans`, { method: 'POST', headers: await as(), body: plan });
    expect(planned.status).toBe(201);
  }, 200_000);
  afterAll(async () => {
    if (product) await killHard(product.child);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('while the file streams in: no track, no blob after the restart, and the same file imports', async () => {
    const blobsBefore = await storedBlobs(dataDir);
    const boundary = 'x-boundary-track-kill';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="walk.csv"\r\nContent-Type: text/csv\r\n\r\n`;
    const tail = `\r\n--${boundary}--\r\n`;
    const body = Buffer.from(csv);

    const url = new URL(product.apiUrl);
    const socket = net.connect(Number(url.port), url.hostname);
    socket.on('error', () => undefined);
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/floors/${floorId}/tracks HTTP/1.1\r\nHost: localhost\r\n${ASSERTION_HEADER}: ${(await as())[ASSERTION_HEADER]}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + body.length + tail.length}\r\n\r\n`,
    );
    socket.write(head);
    // Half the file, taken in by the server (the socket's buffer drained), then the process dies.
    await new Promise<void>((resolve) => socket.write(body.subarray(0, body.length >> 1), () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answer).toBe('');
    await killHard(product.child);
    socket.destroy();
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(true);

    product = await startProduct(dataDir, port);
    expect(await tracksOnFloor()).toEqual([]);
    expect(await storedBlobs(dataDir)).toEqual(blobsBefore);

    const again = await importTrack();
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ status: 'imported', sampleCount });
    expect((await tracksOnFloor()).map((t) => t.id)).toEqual([again.body.id]);
  }, 120_000);

  it('while an accepted track is processed: after the restart it is processed at once, completely', async () => {
    const blobsBefore = await storedBlobs(dataDir);
    const accepted = await importTrack('?process=true');
    expect(accepted.status).toBe(201);
    expect(accepted.body.status).toBe('queued');
    const id = accepted.body.id;

    // Processing runs on a thread of its own between the claim and the results' transaction:
    // the track shows `processing` while the API goes on answering, and that is when the
    // process dies.
    expect(await until(async () => (await track(id)).status === 'processing', 30_000, 0)).toBe(true);
    const killedAt = Date.now();
    await killHard(product.child);

    product = await startProduct(dataDir, port);
    expect(await until(async () => (await track(id)).status === 'processed', 30_000, 50)).toBe(true);
    const processed = await track(id);
    // Queued again by the restarted worker, so the kill did interrupt the processing: what the
    // test is about happened, and the track was not left to the 10-minute stale requeue.
    expect(Date.parse(processed.queuedAt!)).toBeGreaterThanOrEqual(killedAt);
    expect(Date.parse(processed.startedAt!)).toBeGreaterThanOrEqual(killedAt);

    // Completely processed: the same results as the same file processed without a kill.
    const reference = await importTrack('?process=true');
    expect(reference.status).toBe(201);
    expect(await until(async () => (await track(reference.body.id)).status === 'processed', 30_000, 50)).toBe(true);
    const referenced = await track(reference.body.id);
    expect(processed.result).toEqual(referenced.result);
    const datasets = async (trackId: string) => (await api('GET', `/api/tracks/${trackId}/datasets?per_page=100`)).body;
    const [got, want] = [await datasets(id), await datasets(reference.body.id)];
    expect(got.total).toBeGreaterThan(0);
    expect(got.total).toBe(want.total);
    // Track imports keep their samples in the database: no blob came of either.
    expect(await storedBlobs(dataDir)).toEqual(blobsBefore);
  }, 120_000);
});
