/**
 * A 200 MiB firmware upload goes through the gateway without the gateway holding it: the
 * gateway runs in its own process so its memory can be read from outside.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { request as undiciRequest } from 'undici';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeUpstreams, startGatewayProcess, type FakeUpstreams, type GatewayProcess } from '../support/gateway-process.js';

const MiB = 1024 * 1024;
const SIZE = 200 * MiB;

let upstreams: FakeUpstreams;
let gateway: GatewayProcess;

beforeAll(async () => {
  upstreams = await startFakeUpstreams();
  upstreams.identity.sessions.set('admin-token', { token: 'admin-token', id: 'sess-admin', identityId: 'admin' });
  upstreams.api.grant('admin', 'user', ['admin:firmware']);
  gateway = await startGatewayProcess(upstreams.env);
}, 30_000);

afterAll(async () => {
  expect(await gateway.stop()).toBe(0);
  await upstreams.close();
});

function body(size: number): { stream: Readable; sha256: () => string } {
  const chunk = Buffer.alloc(MiB);
  for (let i = 0; i < chunk.length; i++) chunk[i] = (i * 31 + 7) & 0xff;
  const hash = createHash('sha256');
  let sent = 0;
  const stream = new Readable({
    read() {
      if (sent >= size) return this.push(null);
      sent += chunk.length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { stream, sha256: () => hash.digest('hex') };
}

async function uploadFirmware(size: number) {
  const upload = body(size);
  const res = await undiciRequest(`${gateway.url}/api/admin/firmware/releases`, {
    method: 'POST',
    headers: {
      'x-session-token': 'admin-token',
      'content-type': 'multipart/form-data; boundary=firmware',
      'content-length': String(size),
    },
    body: upload.stream,
  });
  const answer = (await res.body.json()) as { bytes: number; sha256: string };
  expect(res.statusCode).toBe(200);
  expect(answer.bytes).toBe(size);
  expect(answer.sha256).toBe(upload.sha256());
}

it('streams a 200 MiB upload with the gateway growing by less than half of it', async () => {
  // Warm up the caches and the upload path (code, socket buffers, allocator) with a small
  // upload, so the measurement is what the large one adds.
  await uploadFirmware(16 * MiB);
  const baseline = gateway.rss();
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, gateway.rss())), 20);
  try {
    await uploadFirmware(SIZE);
  } finally {
    clearInterval(sampler);
  }
  const growth = peak - baseline;
  console.log(`gateway RSS ${Math.round(baseline / MiB)} MiB → peak ${Math.round(peak / MiB)} MiB (+${Math.round(growth / MiB)} MiB) for a ${SIZE / MiB} MiB upload`);
  // Holding the body would grow the gateway by all of it. What a streaming gateway grows by is
  // the runtime's own buffers and heap: under 64 MiB on Node.js 20, about 68 MiB on Node.js 24.
  expect(growth).toBeLessThan(SIZE / 2);
}, 120_000);
