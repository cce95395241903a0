/**
 * The sections the caller may open in the selected organisation. Wide screens show them as links;
 * narrow ones fold them into one menu. A section the caller lacks the rights for is not offered.
 */
import { Link, Menu, MenuItem, MenuTrigger, Popover, Button } from 'react-aria-components';
import { useLocation } from 'wouter';
import { useTranslation } from '../lib/i18n.js';
import { isInSection, NAV_ITEMS } from './nav-items.js';
import type { Permissions } from './use-permissions.js';

export function MainNav({ orgId, permissions }: { orgId: string; permissions: Permissions }) {
  const { t } = useTranslation();
  const [path] = useLocation();
  if (permissions.isPending) return <nav className="main-nav" aria-label={t('shell.mainNav')} />;
  const items = NAV_ITEMS.filter((item) => permissions.can(item.permissions));
  return (
    <nav className="main-nav" aria-label={t('shell.mainNav')}>
      <ul className="main-nav-links">
        {items.map((item) => {
          const current = isInSection(item, orgId, path);
          return (
            <li key={item.id}>
              <Link className="main-nav-link" href={item.href(orgId)} aria-current={current ? 'page' : undefined}>
                {t(`shell.nav.${item.label}`)}
              </Link>
            </li>
          );
        })}
      </ul>
      {items.length > 0 && (
        <MenuTrigger>
          <Button className="main-nav-menu-button">
            <span aria-hidden="true">☰</span> {t('common.menu')}
          </Button>
          <Popover className="popover" placement="bottom start">
            <Menu className="menu" items={items}>
              {(item) => (
                <MenuItem id={item.id} href={item.href(orgId)} className="menu-item">
                  {t(`shell.nav.${item.label}`)}
                </MenuItem>
              )}
            </Menu>
          </Popover>
        </MenuTrigger>
      )}
    </nav>
  );
}
