/**
 * `kill -9` of the product while e-mails are on their way out: a recovery code from the
 * identity service's courier and an invite from the API's outbox, each claimed for delivery
 * and waiting on the SMTP server when the process dies. After a restart on the same directory
 * both outboxes resume and deliver each message once, at once: PGlite belongs to one process,
 * so a claim older than the process is a dead one's and is not waited out (a 5-minute lease).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../support/listen.js';
import { killHard, signedInPerson, startProduct, until, type Product } from '../support/product-process.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';

describe('the product killed with SIGKILL while e-mails are being delivered', () => {
  let dataDir: string;
  let port: number;
  let sink: SmtpSink;
  let product: Product;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sitewave-faults-'));
    port = await freePort();
    sink = await startSmtpSink();
    product = await startProduct(dataDir, port, { SMTP_URL: sink.url });
  }, 160_000);
  afterAll(async () => {
    if (product) await killHard(product.child);
    await sink?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('delivers the courier message and the outbox invite after the restart, once each', async () => {
    const person = `kill-${randomUUID()}@example.com`;
    const invitee = `invitee-${randomUUID()}@example.com`;
    const as = await signedInPerson(product, person);
    const org = await fetch(`${product.apiUrl}/api/admin/orgs`, {
      method: 'POST',
      headers: { ...(await as()), 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Killed mail ${randomUUID()}` }),
    });
    expect(org.status).toBe(201);
    const orgId = ((await org.json()) as { id: string }).id;

    sink.hold = true;
    // A recovery code through the identity service's native flow, as an app would ask for it.
    const gateway = `http://127.0.0.1:${port}/.ory`;
    const flow = (await (await fetch(`${gateway}/self-service/recovery/api`)).json()) as { id: string };
    const recovery = await fetch(`${gateway}/self-service/recovery?flow=${flow.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ method: 'code', email: person }),
    });
    expect(recovery.status).toBe(200);
    const invite = await fetch(`${product.apiUrl}/api/orgs/${orgId}/invite`, {
      method: 'POST',
      headers: { ...(await as()), 'content-type': 'application/json' },
      body: JSON.stringify({ email: invitee }),
    });
    expect(invite.status).toBe(201);

    // Both messages are claimed and their senders are waiting on the SMTP server: the process dies.
    expect(await until(async () => sink.held >= 2, 30_000)).toBe(true);
    await killHard(product.child);
    expect(sink.received).toEqual([]);
    sink.hold = false;

    product = await startProduct(dataDir, port, { SMTP_URL: sink.url });
    const to = (address: string) => sink.received.filter((m) => m.to.some((r) => r.includes(address)));
    // Well within the 5-minute lease a dead process's claim would otherwise be waited out for.
    expect(await until(async () => to(person).length > 0 && to(invitee).length > 0, 30_000)).toBe(true);
    expect(to(person)[0]!.data).toMatch(/Subject: Recover access to your sitewave account/);
    expect(to(invitee)[0]!.data).toMatch(/Subject: .* invited you to Killed mail/);
    // Once each: nothing else went out twice after the restart.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect([to(person).length, to(invitee).length]).toEqual([1, 1]);
  }, 60_000);
});
