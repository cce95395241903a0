/**
 * The API's outgoing mail: rows in `api_outbox`, written in the transaction that creates what
 * they announce, so an invite and its e-mail exist together or not at all. The API's delivery
 * loop (`mail/delivery.ts`) sends them and sets `sent_at`, when the API has mail settings.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';

export interface OutgoingMail {
  kind: string;
  recipient: string;
  subject: string;
  body: string;
}

export async function queueMail(db: Queryable, mail: OutgoingMail, now: Date): Promise<void> {
  await db.query('INSERT INTO api_outbox (id, kind, recipient, subject, body, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    randomUUID(),
    mail.kind,
    mail.recipient,
    mail.subject,
    mail.body,
    now,
  ]);
}

export function inviteMail(recipient: string, orgName: string, inviterName: string, link: string, expiresAt: string): OutgoingMail {
  return {
    kind: 'invite',
    recipient,
    subject: `${inviterName} invited you to ${orgName} on sitewave`,
    body: [
      'Hello,',
      '',
      `${inviterName} invited you to join the organisation "${orgName}" on sitewave.`,
      '',
      `Accept the invite here: ${link}`,
      '',
      `The link works until ${expiresAt}. If you did not expect this invite, ignore this e-mail.`,
    ].join('\n'),
  };
}
