/** A date in the reader's language, the full time on hover. */
import { useTranslation } from '../lib/i18n.js';

export function DateText({ date, withTime = false }: { date: string | null; withTime?: boolean }) {
  const { i18n } = useTranslation();
  if (!date) return <>—</>;
  const parsed = new Date(date);
  const text = withTime ? parsed.toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }) : parsed.toLocaleDateString(i18n.language, { dateStyle: 'medium' });
  return (
    <time dateTime={date} title={parsed.toLocaleString(i18n.language)}>
      {text}
    </time>
  );
}
