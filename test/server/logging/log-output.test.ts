/**
 * `npm start` on a terminal: readable log lines and a short banner; JSON lines when the output is
 * not a terminal or LOG_FORMAT=json says so.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config.js';
import { defaultLogFormat, readableLine } from '../../../server/logging/log-output.js';
import { startupBanner } from '../../../server/startup-banner.js';

describe('the log format', () => {
  it('is readable on a terminal and JSON elsewhere, unless LOG_FORMAT says', () => {
    expect(defaultLogFormat(undefined, true)).toBe('pretty');
    expect(defaultLogFormat(undefined, false)).toBe('json');
    expect(defaultLogFormat('json', true)).toBe('json');
    expect(defaultLogFormat('pretty', false)).toBe('pretty');
  });

  it('refuses a LOG_FORMAT it does not know, naming it', () => {
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(ConfigError);
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT="xml": expected json or pretty/);
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
  });

  it('writes an entry as time, level, service, message and its fields', () => {
    const time = new Date(2026, 10, 28, 9, 5, 7).getTime();
    const line = readableLine(
      JSON.stringify({ level: 30, time, pid: 1, hostname: 'h', service: 'api', msg: 'embedded API is listening on loopback', url: 'http://127.0.0.1:4000' }),
    );
    expect(line).toBe('09:05:07 INFO  [api] embedded API is listening on loopback  url=http://127.0.0.1:4000\n');
    const failed = readableLine(
      JSON.stringify({ level: 50, time, msg: 'the demo organisation could not be created', err: { message: 'no disk', stack: 'Error: no disk\n    at seed (demo.ts:1:1)' } }),
    );
    expect(failed).toMatch(/^09:05:07 ERROR the demo organisation could not be created {2}err="no disk" {2}\n {4}at seed/);
    expect(readableLine('not json')).toBe('not json\n');
  });
});

describe('the start banner', () => {
  const config = { publicUrl: 'http://localhost:3000', smtpUrl: undefined, dataDir: '/srv/sitewave/data' };

  it('says where to open sitewave, who becomes administrator and where e-mail goes', () => {
    const banner = startupBanner(config, { version: '0.1.0', embeddedMail: true, cwd: '/srv/sitewave' });
    expect(banner).toContain('open http://localhost:3000');
    expect(banner).toContain('The first account to register becomes the administrator');
    expect(banner).toContain('written to ./data/mail/ as .eml files');
  });

  it('names the SMTP host, without credentials, when mail is sent', () => {
    const banner = startupBanner({ ...config, smtpUrl: 'smtps://user:secret@mail.example.com:465' }, { version: '0.1.0', embeddedMail: true });
    expect(banner).toContain('SMTP at mail.example.com:465');
    expect(banner).not.toContain('secret');
  });
});
