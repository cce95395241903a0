import net from 'node:net';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { listenFastify } from '../../support/listen.js';
import { startHarness, type Harness } from '../support/gateway.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

function blockEventLoop(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy: nothing else in this process runs
  }
}

describe('overload shedding', () => {
  /** Asks for /bff/health until an answer matches (the event loop is sampled every 50 ms). */
  async function healthUntil(match: (status: number) => boolean): Promise<request.Response | undefined> {
    for (let attempt = 0; attempt < 100; attempt++) {
      const res = await request(h!.gateway.server).get('/bff/health');
      if (match(res.status)) return res;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return undefined;
  }

  it('answers 503 with Retry-After while the event loop is lagging, then recovers', async () => {
    h = await startHarness({}, { maxEventLoopDelayMs: 20, pressureSampleIntervalMs: 50 });
    expect((await healthUntil((status) => status === 200))?.status).toBe(200);

    blockEventLoop(300);
    const shed = await healthUntil((status) => status !== 200);
    expect(shed?.status).toBe(503);
    expect(shed!.headers['retry-after']).toBe('5');
    expect(shed!.body.error).toMatchObject({ code: 503, status: 'Service Unavailable' });
    expect(shed!.body.error.reason).toMatch(/overloaded/);

    expect((await healthUntil((status) => status === 200))?.status).toBe(200);
  });
});

describe('slow clients', () => {
  it('drops a connection whose headers trickle in slower than the headers timeout', async () => {
    h = await startHarness({}, { headersTimeoutMs: 500, connectionsCheckingIntervalMs: 100 });
    const port = Number(new URL(await listenFastify(h.gateway)).port);

    const socket = net.connect({ port, host: '127.0.0.1' });
    let received = '';
    socket.on('data', (chunk) => (received += String(chunk)));
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('GET /bff/health HTTP/1.1\r\nHost: x\r\n');
    const trickle = setInterval(() => socket.writable && socket.write('X'), 200);

    const outcome = await new Promise<'closed' | 'still open'>((resolve) => {
      const giveUp = setTimeout(() => resolve('still open'), 5_000);
      socket.once('close', () => {
        clearTimeout(giveUp);
        resolve('closed');
      });
    });
    clearInterval(trickle);
    socket.destroy();

    expect(outcome).toBe('closed');
    expect(received === '' || received.startsWith('HTTP/1.1 408')).toBe(true);
  });

  it('keeps serving a client that sends its headers promptly', async () => {
    h = await startHarness({}, { headersTimeoutMs: 500, connectionsCheckingIntervalMs: 100 });
    const res = await request(h.gateway.server).get('/bff/health');
    expect(res.status).toBe(200);
  });
});

describe('identity submission rate limit', () => {
  it('answers the fourth submission in a minute with 429 and Retry-After', async () => {
    h = await startHarness({ identitySubmitsPerMinute: 3 });
    const submit = () => request(h!.gateway.server).post('/.ory/self-service/login?flow=x').set('accept', 'application/json').send({ method: 'password' });
    for (let i = 0; i < 3; i++) {
      const res = await submit();
      expect(res.status, `submission ${i + 1}`).toBe(422);
    }
    const limited = await submit();
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.body.error).toMatchObject({ code: 429, status: 'Too Many Requests' });
    expect(limited.body.error.reason).toContain(`retry in ${retryAfter} s`);
    expect(h.identity.requests.filter((r) => r.startsWith('POST /self-service/login'))).toHaveLength(3);
  });

  it('does not limit reading flows', async () => {
    h = await startHarness({ identitySubmitsPerMinute: 3 });
    for (let i = 0; i < 6; i++) {
      const res = await request(h.gateway.server).get('/.ory/self-service/login/browser').set('accept', 'application/json');
      expect(res.status, `read ${i + 1}`).toBe(200);
    }
  });
});
