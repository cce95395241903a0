/**
 * The sections the caller may open in the selected organisation. Wide screens show them as links;
 * narrow ones fold them behind one button. A section the caller lacks the rights for is not offered.
 */
import { useLocation } from 'wouter';
import { useTranslation } from '../lib/i18n.js';
import { AppLink } from '../ui/AppLink.js';
import { PopoverPanel } from '../ui/PopoverPanel.js';
import { isInSection, NAV_ITEMS, type NavItem } from './nav-items.js';
import type { Permissions } from './use-permissions.js';

function SectionLinks({ items, orgId, className }: { items: readonly NavItem[]; orgId: string; className: string }) {
  const { t } = useTranslation();
  const [path] = useLocation();
  return (
    <>
      {items.map((item) => (
        <li key={item.id}>
          <AppLink className={className} href={item.href(orgId)} aria-current={isInSection(item, orgId, path) ? 'page' : undefined}>
            {t(`shell.nav.${item.label}`)}
          </AppLink>
        </li>
      ))}
    </>
  );
}

/** `orgId` null (the caller belongs to no organisation): only the installation's administration can be offered. */
export function MainNav({ orgId, permissions }: { orgId: string | null; permissions: Permissions }) {
  const { t } = useTranslation();
  const offerable = orgId ? NAV_ITEMS : NAV_ITEMS.filter((item) => item.id === 'administration');
  const items = permissions.isPending ? [] : offerable.filter((item) => permissions.can(item.permissions));
  return (
    <nav className="main-nav" aria-label={t('shell.mainNav')}>
      <ul className="main-nav-links">
        <SectionLinks items={items} orgId={orgId ?? ''} className="main-nav-link" />
      </ul>
      {items.length > 0 && (
        <div className="main-nav-folded">
          <PopoverPanel
            buttonClassName="main-nav-menu-button"
            button={
              <>
                <span aria-hidden="true">☰</span>
                <span className="visually-hidden">{t('common.menu')}</span>
              </>
            }
            panelLabel={t('shell.mainNav')}
          >
            <ul className="panel-list">
              <SectionLinks items={items} orgId={orgId ?? ''} className="panel-item" />
            </ul>
          </PopoverPanel>
        </div>
      )}
    </nav>
  );
}
