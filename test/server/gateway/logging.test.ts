import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../support/gateway.js';

const SECRETS = ['SECRET-COOKIE-VALUE', 'SECRET-TOKEN-VALUE', 'SECRET-BEARER', 'SECRET-LOGOUT-TOKEN', 'SECRET-CODE'];

interface LogLine {
  msg: string;
  reqId?: string;
  method?: string;
  url?: string;
  status?: number;
  ms?: number;
}

/** Each request carries an x-request-id, which the gateway logs as reqId. */
const sent: { id: string; method: string; path: string; headers?: Record<string, string>; status: number }[] = [
  { id: 'log-cookie', method: 'GET', path: '/bff/session', headers: { cookie: 'ory_kratos_session=SECRET-COOKIE-VALUE' }, status: 200 },
  { id: 'log-token', method: 'GET', path: '/api/orgs', headers: { 'x-session-token': 'SECRET-TOKEN-VALUE' }, status: 200 },
  { id: 'log-bearer', method: 'GET', path: '/bff/session', headers: { authorization: 'Bearer SECRET-BEARER' }, status: 200 },
  { id: 'log-logout', method: 'GET', path: '/.ory/self-service/logout?token=SECRET-LOGOUT-TOKEN&return_to=/x', status: 303 },
  { id: 'log-code', method: 'GET', path: '/.ory/self-service/verification?flow=f-1&code=SECRET-CODE', status: 404 },
];
/** The same through a gateway whose upstreams refuse connections. */
const failing: typeof sent = [
  { id: 'log-down-session', method: 'GET', path: '/bff/session', headers: { cookie: 'ory_kratos_session=SECRET-COOKIE-VALUE' }, status: 502 },
  { id: 'log-down-logout', method: 'GET', path: '/.ory/self-service/logout?token=SECRET-LOGOUT-TOKEN', status: 502 },
];

let logs: string[] = [];

async function send(h: Harness, requests: typeof sent): Promise<void> {
  for (const r of requests) {
    const res = await request(h.gateway.server)
      .get(r.path)
      .set('x-request-id', r.id)
      .set(r.headers ?? {});
    expect(res.status, r.path).toBe(r.status);
  }
}

beforeAll(async () => {
  const h = await startHarness();
  h.identity.sessions.set('SECRET-COOKIE-VALUE', { token: 'SECRET-COOKIE-VALUE', id: 'sess-1', identityId: 'alice' });
  h.identity.sessions.set('SECRET-TOKEN-VALUE', { token: 'SECRET-TOKEN-VALUE', id: 'sess-2', identityId: 'alice' });
  const down = await startHarness({ identityPublicUrl: 'http://127.0.0.1:9', apiUrl: 'http://127.0.0.1:9' }, {}, { identity: h.identity, api: h.api });
  try {
    await send(h, sent);
    await send(down, failing);
  } finally {
    // Closing waits for every request's log line to be written.
    await down.close();
    await h.close();
  }
  logs = [...h.logs, ...down.logs];
});

const parsed = () => logs.flatMap((chunk) => chunk.split('\n').filter(Boolean)).map((line) => JSON.parse(line) as LogLine);
const requestLine = (id: string) => parsed().find((line) => line.msg === 'request' && line.reqId === id);

describe('gateway logs', () => {
  it('are JSON lines and never contain a credential', () => {
    expect(parsed().length).toBeGreaterThan(sent.length);
    for (const line of logs) {
      for (const secret of SECRETS) expect(line, secret).not.toContain(secret);
    }
  });

  it('write one line per request with request id, method, masked url, status and latency', () => {
    const requestLines = parsed().filter((line) => line.msg === 'request');
    for (const r of [...sent, ...failing]) {
      const lines = requestLines.filter((line) => line.reqId === r.id);
      expect(lines, r.id).toHaveLength(1);
      expect(lines[0]).toMatchObject({ method: r.method, status: r.status, url: r.path.replace(/(token|code)=[^&]*/, '$1=[redacted]') });
      expect(lines[0]!.ms).toEqual(expect.any(Number));
    }
    expect(requestLines).toHaveLength(sent.length + failing.length);
  });

  it('keep the parameters that are not credentials', () => {
    expect(requestLine('log-logout')?.url).toBe('/.ory/self-service/logout?token=[redacted]&return_to=/x');
    expect(requestLine('log-code')?.url).toBe('/.ory/self-service/verification?flow=f-1&code=[redacted]');
  });
});
