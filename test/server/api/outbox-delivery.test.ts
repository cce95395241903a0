/**
 * The API's outbox delivery: an invite's e-mail reaches a real SMTP server, or a mail directory
 * as an `.eml` file, and its row is marked sent; a refusing server leaves the row unsent with the
 * reason, retried until the attempts run out, then abandoned.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiOptions } from '../../../server/api/app.js';
import { MAX_ATTEMPTS } from '../../../server/api/mail/delivery.js';
import { tempDataDir } from '../db/support.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { BACKENDS, startTestApi, type TestApi } from './support/api-instance.js';

const FROM = 'no-reply@sitewave.test';

/** The body is quoted-printable (long lines, `=` in the link): read it as the recipient would. */
const decoded = (mail: string) => mail.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

interface OutboxState {
  sent_at: Date | null;
  attempts: number;
  last_error: string | null;
  abandoned_at: Date | null;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function until<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.each(BACKENDS)('outbox delivery on %s', (backend) => {
  async function apiWith(mail: ApiOptions['mail']): Promise<TestApi> {
    // A poll far longer than the test: a delivery seen here was woken by the invite itself.
    const t = await startTestApi(backend, undefined, { mail, mailPollMs: 10 * 60_000 });
    cleanups.push(() => t.close());
    return t;
  }

  async function inviteThrough(t: TestApi, email: string): Promise<{ link: string }> {
    const admin = await t.newUser('admin');
    const owner = await t.newUser('owner');
    const org = await t.http
      .post('/api/admin/orgs')
      .set(await t.as(admin))
      .send({ name: 'Mail Org', ownerId: owner.id });
    const res = await t.http
      .post(`/api/orgs/${org.body.id}/invite`)
      .set(await t.as(owner))
      .send({ email });
    expect(res.status).toBe(201);
    return res.body;
  }

  const outboxOf = async (t: TestApi, recipient: string) =>
    (await t.db.query<OutboxState>('SELECT sent_at, attempts, last_error, abandoned_at FROM api_outbox WHERE recipient = $1', [recipient])).rows[0];

  async function smtp(): Promise<SmtpSink> {
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    return sink;
  }

  it('sends an invite by SMTP at once and marks its row sent', async () => {
    const sink = await smtp();
    const t = await apiWith({ from: FROM, smtpUrl: sink.url });
    const email = `smtp-${Date.now()}@example.com`;
    const { link } = await inviteThrough(t, email);
    const mail = await until(async () => sink.received.find((m) => m.to.includes(`<${email}>`)), 'the SMTP server to receive the invite');
    expect(mail.from).toBe(`<${FROM}>`);
    expect(mail.data).toContain('Subject: owner Tester invited you to Mail Org on sitewave');
    expect(decoded(mail.data)).toContain(`Accept the invite here: ${link}`);
    const row = await until(async () => {
      const r = await outboxOf(t, email);
      return r?.sent_at ? r : undefined;
    }, 'the row marked sent');
    expect(row).toMatchObject({ attempts: 1, last_error: null, abandoned_at: null });
  });

  it('keeps a refused invite unsent with the reason, retries it, and abandons it after the last attempt', async () => {
    const sink = await smtp();
    sink.refuse = true;
    const t = await apiWith({ from: FROM, smtpUrl: sink.url });
    const email = `refused-${Date.now()}@example.com`;
    await inviteThrough(t, email);
    const failed = await until(async () => {
      const r = await outboxOf(t, email);
      return r && r.attempts >= 1 ? r : undefined;
    }, 'a failed attempt');
    expect(failed.sent_at).toBeNull();
    expect(failed.abandoned_at).toBeNull();
    expect(failed.last_error).toContain('550');

    const delivery = t.app.outboxDelivery!;
    for (let i = 0; i < 100 && (await outboxOf(t, email))!.attempts < MAX_ATTEMPTS; i++) await delivery.round();
    const abandoned = (await outboxOf(t, email))!;
    expect(abandoned.attempts).toBe(MAX_ATTEMPTS);
    expect(abandoned.abandoned_at).not.toBeNull();
    expect(abandoned.sent_at).toBeNull();
    expect(abandoned.last_error).toContain('550');
    sink.refuse = false;
    expect(await delivery.round()).toBe(0);
    expect(sink.received.filter((m) => m.to.includes(`<${email}>`))).toEqual([]);
  });

  it('without SMTP, writes the invite to the mail directory as an .eml file and marks its row sent', async () => {
    const dir = await tempDataDir();
    cleanups.push(() => dir.remove());
    const mailDirectory = path.join(dir.dataDir, 'mail');
    const t = await apiWith({ from: FROM, mailDirectory });
    const email = `file-${Date.now()}@example.com`;
    const { link } = await inviteThrough(t, email);
    const [file] = await until(async () => {
      const files = (await readdir(mailDirectory).catch(() => [])).filter((f) => f.endsWith('.eml'));
      return files.length ? files : undefined;
    }, 'an .eml file');
    const eml = await readFile(path.join(mailDirectory, file!), 'utf8');
    expect(eml).toContain(`To: ${email}`);
    expect(eml).toContain('Subject: owner Tester invited you to Mail Org on sitewave');
    expect(decoded(eml)).toContain(`Accept the invite here: ${link}`);
    const row = await until(async () => {
      const r = await outboxOf(t, email);
      return r?.sent_at ? r : undefined;
    }, 'the row marked sent');
    expect(row).toMatchObject({ attempts: 1, last_error: null });
  });

  it('without mail settings, leaves the invite in the outbox', async () => {
    const t = await apiWith(undefined);
    expect(t.app.outboxDelivery).toBeNull();
    const email = `kept-${Date.now()}@example.com`;
    await inviteThrough(t, email);
    expect(await outboxOf(t, email)).toMatchObject({ sent_at: null, attempts: 0 });
  });
});
