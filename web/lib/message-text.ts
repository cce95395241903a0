/**
 * The text of an identity message (`UiText`) in the reader's language: `messages.<id>` from the
 * catalogue, interpolated with the message's context plus the values the client computes from it
 * (locales/README.md), falling back to the server's own text.
 */
import type { Translate } from './translator.js';
import type { UiText } from '../../shared/identity-flow.js';

/** Messages whose text is data (a masked address, a secret, a title): the server's text wins. */
const SERVER_TEXT_IDS = new Set([1070000]);
const COUNT_SOURCES = ['minutes', 'min_length', 'max_length', 'min_items', 'max_items', 'breaches'] as const;

function minutesBetween(fromMs: number, toMs: number): number {
  return Math.max(1, Math.round((toMs - fromMs) / 60_000));
}

/** Placeholders computed from the context: minutes from unix timestamps, a localised date. */
export function messageValues(message: UiText, locale: string, now = Date.now()): Record<string, unknown> {
  const context = message.context ?? {};
  const values: Record<string, unknown> = { ...context };
  const until = context.privileged_session_expires_at_unix;
  if (typeof until === 'number') values.minutes = minutesBetween(now, until * 1000);
  const expired = context.expired_at_unix;
  if (typeof expired === 'number') values.minutes = minutesBetween(expired * 1000, now);
  const usedAt = context.used_at_unix;
  if (typeof usedAt === 'number') {
    values.date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(usedAt * 1000));
  }
  for (const key of COUNT_SOURCES) {
    if (typeof values[key] === 'number') {
      values.count = values[key];
      break;
    }
  }
  for (const [key, value] of Object.entries(values)) {
    if (Array.isArray(value)) values[key] = value.map((item) => (typeof item === 'object' && item && 'text' in item ? (item as UiText).text : String(item))).join(', ');
  }
  return values;
}

const PLACEHOLDER = /\{\{\s*[\w.]+\s*\}\}/;
const PLACEHOLDERS = new RegExp(PLACEHOLDER.source, 'g');

/**
 * The catalogue's text, or — when the context lacks a value it names (1050006 without its
 * `secret`, 1070002 without its `title` ...) — the server's text, which carries the value itself.
 * A raw `{{placeholder}}` is never shown, and a message without `text` shows what else it carries.
 */
export function messageText(t: Translate, message: UiText, locale: string): string {
  // Some services (and recordings) leave `text` out: what the catalogue and context give is shown, else nothing.
  const serverText = message.text ?? '';
  const text = SERVER_TEXT_IDS.has(message.id) ? serverText : t(`messages.${message.id}`, { ...messageValues(message, locale), defaultValue: serverText });
  if (!PLACEHOLDER.test(text)) return text;
  return serverText
    .replace(PLACEHOLDERS, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}
