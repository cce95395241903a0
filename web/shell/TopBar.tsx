/** The bar over every signed-in page: product, organisation, sections, notifications, the user. */
import { AppLink } from '../ui/AppLink.js';
import type { Session } from '../../shared/identity-session.js';
import { useTranslation } from '../lib/i18n.js';
import type { CurrentOrganization } from './current-org.js';
import { MainNav } from './MainNav.js';
import { NotificationsBell } from './NotificationsBell.js';
import { OrgSwitcher } from './OrgSwitcher.js';
import { INSTALLATION_SCOPE, usePermissions } from './use-permissions.js';
import { UserMenu } from './UserMenu.js';

export function TopBar({ session, current }: { session: Session; current: CurrentOrganization }) {
  const { t } = useTranslation();
  const orgId = current.org?.id ?? null;
  // In no organisation, a global administrator is still offered the installation's administration.
  const permissions = usePermissions(orgId ? { orgId } : INSTALLATION_SCOPE);
  return (
    <header className="topbar">
      <AppLink className="brand" href="/" aria-label={t('shell.home')}>
        <span className="brand-mark" aria-hidden="true" />
        <span className="brand-name">sitewave</span>
      </AppLink>
      <OrgSwitcher current={current} />
      <MainNav orgId={orgId} permissions={permissions} />
      <div className="topbar-end">
        {orgId && permissions.can('org:notifications:read') && <NotificationsBell orgId={orgId} />}
        <UserMenu session={session} />
      </div>
    </header>
  );
}
