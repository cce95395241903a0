/** Reads what the courier queued for an address: the test's view of the user's inbox. */
import type { TestIdentity } from './identity-instance.js';

export async function lastMail(identity: TestIdentity, recipient: string): Promise<{ subject: string; body: string; template_type: string } | undefined> {
  const rows = await identity.db.query<{ subject: string; body: string; template_type: string }>(
    'SELECT subject, body, template_type FROM courier_messages WHERE recipient = $1 ORDER BY created_at DESC, id DESC LIMIT 1',
    [recipient],
  );
  return rows.rows[0];
}

export async function lastCode(identity: TestIdentity, recipient: string): Promise<string> {
  const mail = await lastMail(identity, recipient);
  const code = mail?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was mailed to ${recipient}`);
  return code;
}

export async function lastLink(identity: TestIdentity, recipient: string): Promise<string> {
  const mail = await lastMail(identity, recipient);
  const link = mail?.body.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link was mailed to ${recipient}`);
  return link;
}
