/**
 * The courier's delivery: queued e-mails reach an SMTP server and are marked sent, with each
 * attempt listed; a refusing server leaves them queued with the reason until the attempts run
 * out; without SMTP, a mail directory receives readable `.eml` files.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Configuration, CourierApi } from '@ory/client';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS } from '../../../server/identity/courier/delivery.js';
import { tempDataDir } from '../db/support.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { TestBrowser } from './support/browser.js';
import { register } from './support/flows.js';
import { startTestIdentity, TEST_ADMIN_TOKEN, type TestIdentity } from './support/identity-instance.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function until<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function withSmtp(): Promise<{ identity: TestIdentity; sink: SmtpSink; courier: CourierApi }> {
  const sink = await startSmtpSink();
  cleanups.push(() => sink.close());
  const identity = await startTestIdentity({ options: { smtpUrl: sink.url } });
  cleanups.push(() => identity.stop());
  return { identity, sink, courier: new CourierApi(new Configuration({ basePath: identity.adminUrl, accessToken: TEST_ADMIN_TOKEN })) };
}

describe('courier delivery', () => {
  it('delivers the verification code by SMTP at once and marks the message sent', async () => {
    const { identity, sink, courier } = await withSmtp();
    const address = `smtp-${Date.now()}@example.com`;
    await register(new TestBrowser(identity.publicUrl), address);
    const mail = await until(async () => sink.received.find((m) => m.to.includes(`<${address}>`)), 'the SMTP server to receive the mail');
    expect(mail.from).toBe('<no-reply@sitewave.test>');
    expect(mail.data).toMatch(/\b\d{6}\b/);
    const sent = await until(async () => (await courier.listCourierMessages({ recipient: address, status: 'sent' })).data[0], 'status sent');
    const { data: message } = await courier.getCourierMessage({ id: sent.id });
    expect(message.send_count).toBe(1);
    expect(message.dispatches).toHaveLength(1);
    expect(message.dispatches![0]!.status).toBe('success');
  });

  it('keeps a refused message queued with the reason, retries it, and abandons it after the last attempt', async () => {
    const { identity, sink, courier } = await withSmtp();
    sink.refuse = true;
    const address = `refused-${Date.now()}@example.com`;
    await register(new TestBrowser(identity.publicUrl), address);
    const queued = await until(async () => {
      const [m] = (await courier.listCourierMessages({ recipient: address })).data;
      return m && m.send_count >= 1 && m.status === 'queued' ? m : undefined;
    }, 'a failed attempt');
    const { data: failed } = await courier.getCourierMessage({ id: queued.id });
    expect(failed.dispatches![0]).toMatchObject({ status: 'failed' });
    expect(JSON.stringify(failed.dispatches![0]!.error)).toContain('550');

    const delivery = identity.service.delivery!;
    for (let attempt = failed.send_count; attempt < MAX_ATTEMPTS; attempt++) await delivery.round();
    const { data: abandoned } = await courier.getCourierMessage({ id: queued.id });
    expect(abandoned.status).toBe('abandoned');
    expect(abandoned.send_count).toBe(MAX_ATTEMPTS);
    sink.refuse = false;
    await delivery.round();
    expect(sink.received.filter((m) => m.to.includes(`<${address}>`))).toEqual([]);
  });

  it('without SMTP, writes each e-mail to the mail directory as an .eml file', async () => {
    const dir = await tempDataDir();
    cleanups.push(() => dir.remove());
    const mailDirectory = path.join(dir.dataDir, 'mail');
    const identity = await startTestIdentity({ options: { mailDirectory } });
    cleanups.push(() => identity.stop());
    const address = `file-${Date.now()}@example.com`;
    await register(new TestBrowser(identity.publicUrl), address);
    const [file] = await until(async () => {
      const files = (await readdir(mailDirectory).catch(() => [])).filter((f) => f.endsWith('.eml'));
      return files.length ? files : undefined;
    }, 'an .eml file');
    const eml = await readFile(path.join(mailDirectory, file!), 'utf8');
    expect(eml).toContain(`To: ${address}`);
    expect(eml).toMatch(/Subject: /);
    expect(eml).toMatch(/\b\d{6}\b/);
  });
});
