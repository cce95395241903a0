import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../../../server/gateway/logging.js';
import { requestLoggerFactory } from '../../../server/logging/request-logger.js';

function gatewayLogger(level: 'warn' | 'info') {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      callback();
    },
  });
  const options = loggerOptions(level, stream) as pino.LoggerOptions & { stream: Writable };
  return { logger: pino(options, stream), lines };
}

describe("a request's logger", () => {
  it('writes what an eager child would: the request id on every line, redaction kept, levels obeyed', () => {
    const { logger, lines } = gatewayLogger('warn');
    const log = requestLoggerFactory(logger, { reqId: 'r-1' }, {});
    expect(log.level).toBe('warn');
    log.info({ url: '/api/orgs' }, 'request');
    log.debug('details');
    expect(lines).toEqual([]);

    log.warn({ req: { headers: { cookie: 'ory_kratos_session=secret' } } }, 'slow upstream');
    log.error(new Error('boom'), 'request failed');
    log.child({ upstream: 'api' }).warn('retrying');
    expect(lines.map(({ reqId, msg }) => ({ reqId, msg }))).toEqual([
      { reqId: 'r-1', msg: 'slow upstream' },
      { reqId: 'r-1', msg: 'request failed' },
      { reqId: 'r-1', msg: 'retrying' },
    ]);
    expect(JSON.stringify(lines)).not.toContain('secret');
    expect(lines[2]).toMatchObject({ upstream: 'api' });
  });

  it("follows a level set on it, and a route's own level from the start", () => {
    const { logger, lines } = gatewayLogger('warn');
    const log = requestLoggerFactory(logger, { reqId: 'r-2' }, {});
    log.level = 'info';
    log.info('now written');
    expect(logger.level).toBe('warn');
    const route = requestLoggerFactory(logger, { reqId: 'r-3' }, { level: 'debug' });
    route.debug('route detail');
    expect(lines.map(({ reqId, msg }) => ({ reqId, msg }))).toEqual([
      { reqId: 'r-2', msg: 'now written' },
      { reqId: 'r-3', msg: 'route detail' },
    ]);
  });
});
