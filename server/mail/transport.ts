/**
 * Where outgoing e-mails go: an SMTP server (`SMTP_URL`), or, with none configured, a mail
 * directory of `.eml` files a developer opens in any mail reader — so `npm start` on its own
 * still lets a person read their verification code or invite link. Both go through nodemailer,
 * so the message that reaches a disk is byte for byte the one SMTP would carry. Shared by the
 * identity service's courier and the API's outbox, which otherwise know nothing of each other.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** What a transport needs of a message; each outbox's rows carry at least this. */
export interface MailMessage {
  /** Unique; becomes the Message-ID and the file name, so two outboxes never collide. */
  id: string;
  recipient: string;
  subject: string;
  body: string;
  created_at: Date;
}

export interface MailTransport {
  /** Resolves once the message is accepted; rejects with the reason otherwise. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailSettings {
  /** Sender address. */
  from: string;
  smtpUrl?: string;
  /** Used only without `smtpUrl`. */
  mailDirectory?: string;
}

/** SMTP when configured, else the mail directory; neither means mail stays in its outbox. */
export function openMailTransport(settings: MailSettings): MailTransport | undefined {
  if (settings.smtpUrl) return smtpTransport(settings.smtpUrl, settings.from);
  if (settings.mailDirectory) return directoryTransport(settings.mailDirectory, settings.from);
  return undefined;
}

const envelopeOf = (message: MailMessage, from: string) => ({
  from,
  to: message.recipient,
  subject: message.subject,
  text: message.body,
  messageId: `<${message.id}@sitewave>`,
  date: message.created_at,
});

export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transporter.sendMail(envelopeOf(message, from));
    },
    close: () => transporter.close(),
  };
}

export function directoryTransport(directory: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transporter.sendMail(envelopeOf(message, from));
      await mkdir(directory, { recursive: true });
      const name = `${message.created_at.toISOString().replace(/[:.]/g, '-')}-${message.id}.eml`;
      const temp = path.join(directory, `.${name}.tmp`);
      // Written whole, then renamed: a reader never sees half a message.
      await writeFile(temp, info.message as Buffer);
      await rename(temp, path.join(directory, name));
    },
    close: () => transporter.close(),
  };
}
