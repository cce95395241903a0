/**
 * The few lines `npm start` prints for a person at a terminal once sitewave listens: where to
 * open it, who becomes administrator, and where the e-mails it sends go. Not printed when the
 * logs are JSON (LOG_FORMAT=json, or output not a terminal): machines read the log lines.
 */
import path from 'node:path';
import type { Config } from './config.js';

export interface BannerFacts {
  version: string;
  /** Whether this process runs the embedded identity service or API, whose outboxes send mail. */
  embeddedMail: boolean;
  cwd?: string;
}

export function startupBanner(config: Pick<Config, 'publicUrl' | 'smtpUrl' | 'dataDir'>, facts: BannerFacts): string {
  const lines = [`sitewave ${facts.version} is ready: open ${config.publicUrl}`, 'The first account to register becomes the administrator (and owner of the demo organisation).'];
  if (facts.embeddedMail) {
    if (config.smtpUrl) lines.push(`E-mail (sign-up codes, invitations) is sent through SMTP at ${new URL(config.smtpUrl).host}.`);
    else {
      const mail = path.relative(facts.cwd ?? process.cwd(), path.join(config.dataDir, 'mail')) || '.';
      lines.push(
        `E-mail (sign-up codes, invitations) is written to ${mail.startsWith('..') ? path.join(config.dataDir, 'mail') : `./${mail}`}/ as .eml files; set SMTP_URL to send it.`,
      );
    }
  }
  lines.push('Logs are JSON with LOG_FORMAT=json. Ctrl+C stops.');
  const width = Math.max(...lines.map((line) => line.length));
  const rule = '─'.repeat(width + 2);
  return `\n ${rule}\n${lines.map((line) => `  ${line}`).join('\n')}\n ${rule}\n\n`;
}
