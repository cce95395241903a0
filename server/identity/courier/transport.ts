/**
 * Where the courier hands e-mails: an SMTP server (`SMTP_URL`), or, with none configured, a
 * mail directory of `.eml` files a developer opens in any mail reader — so `npm start` on its
 * own still lets a person read their verification code. Both go through nodemailer, so the
 * message that reaches a disk is byte for byte the one SMTP would carry.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { CourierMessage } from '../store/courier.js';

export interface MailTransport {
  /** Resolves once the message is accepted; rejects with the reason otherwise. */
  send(message: CourierMessage): Promise<void>;
  close(): void;
}

const envelopeOf = (message: CourierMessage, from: string) => ({
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
