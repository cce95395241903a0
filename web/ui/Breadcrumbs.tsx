/** Where the page sits: organisation › project › floor, each a link but the last. */
import { Breadcrumb, Breadcrumbs as AriaBreadcrumbs, Link } from 'react-aria-components';
import { useTranslation } from '../lib/i18n.js';

export interface Crumb {
  label: string;
  href?: string;
}

export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <nav aria-label={t('shell.breadcrumbs')}>
      <AriaBreadcrumbs className="breadcrumbs">
        {items.map((item, index) => (
          <Breadcrumb key={`${index}-${item.label}`} className="breadcrumb">
            {item.href && index < items.length - 1 ? <Link href={item.href}>{item.label}</Link> : <span aria-current="page">{item.label}</span>}
          </Breadcrumb>
        ))}
      </AriaBreadcrumbs>
    </nav>
  );
}
