/** "3 minutes ago" in the reader's language, with the exact time on hover and for machines. */
import { useTranslation } from '../lib/i18n.js';

const STEPS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

export function relativeTime(date: Date, now: Date, language: string): string {
  let value = (date.getTime() - now.getTime()) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(Math.round(value), unit);
    value /= size;
  }
  return date.toLocaleDateString(language);
}

export function RelativeTime({ date, className }: { date: string; className?: string }) {
  const { i18n } = useTranslation();
  const parsed = new Date(date);
  return (
    <time className={className} dateTime={date} title={parsed.toLocaleString(i18n.language)}>
      {relativeTime(parsed, new Date(), i18n.language)}
    </time>
  );
}
