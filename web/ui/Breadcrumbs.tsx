/** Where the page sits: organisation › project › floor, each a link but the last. */
import { useTranslation } from '../lib/i18n.js';
import { AppLink } from './AppLink.js';

export interface Crumb {
  label: string;
  href?: string;
}

export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <nav aria-label={t('shell.breadcrumbs')}>
      <ol className="breadcrumbs">
        {items.map((item, index) => (
          <li key={`${index}-${item.label}`} className="breadcrumb">
            {item.href && index < items.length - 1 ? (
              <AppLink href={item.href}>{item.label}</AppLink>
            ) : (
              <span aria-current={index === items.length - 1 ? 'page' : undefined}>{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
