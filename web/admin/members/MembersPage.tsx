/**
 * `/admin/orgs/:orgId/members`: the people of the organisation and the invitations sent to new
 * ones, as two tabs (`?tab=invitations`). Owners and administrators change roles, remove members,
 * invite and cancel invitations; everyone else sees the lists only.
 */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useSearchParams } from 'wouter';
import { useTranslation } from '../../lib/i18n.js';
import { projectsPath } from '../../shell/org-path.js';
import { useOrgName } from '../../shell/shell-context.js';
import { usePermissions } from '../../shell/use-permissions.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { TabBar } from '../../ui/TabBar.js';
import { InviteModal } from './InviteModal.js';
import { InviteTable } from './InviteTable.js';
import { MemberTable } from './MemberTable.js';

const TABS = ['members', 'invitations'] as const;
type Tab = (typeof TABS)[number];

export function MembersPage({ orgId }: { orgId: string }) {
  const { t } = useTranslation();
  const orgName = useOrgName(orgId, t('shell.organization'));
  const permissions = usePermissions({ orgId });
  const [search, setSearch] = useSearchParams();
  const [inviting, setInviting] = useState(false);
  const offered = TABS.filter((id) => (id === 'members' ? permissions.can('org:users:read') : permissions.can(['org:invites:read', 'org:invites:manage'])));
  const asked = TABS.find((id) => id === search.get('tab'));
  const tab: Tab = asked && offered.includes(asked) ? asked : (offered[0] ?? 'members');
  // Each tab keeps its own paging and filters; switching starts the other list afresh.
  const select = (id: Tab) => setSearch(id === 'members' ? {} : { tab: id });

  return (
    <>
      <PageHeader
        title={t('admin.members.title')}
        crumbs={[{ label: orgName, href: projectsPath(orgId) }, { label: t('shell.nav.members') }]}
        actions={
          permissions.can('org:invites:manage') && (
            <Button className="button button-primary" onPress={() => setInviting(true)}>
              {t('admin.members.invite')}
            </Button>
          )
        }
      />
      {inviting && (
        <InviteModal
          orgId={orgId}
          onClose={(sent) => {
            setInviting(false);
            if (sent) select('invitations');
          }}
        />
      )}
      <TabBar label={t('admin.members.title')} tabs={offered.map((id) => ({ id, label: t(`admin.members.tabs.${id}`) }))} selected={tab} onSelect={select}>
        {tab === 'members' ? (
          <MemberTable orgId={orgId} mayManage={permissions.can('org:users:manage')} />
        ) : (
          <InviteTable orgId={orgId} mayManage={permissions.can('org:invites:manage')} />
        )}
      </TabBar>
    </>
  );
}
