/**
 * `/admin/users/:userId` (global administrators): one user — name, address, state and global
 * role; what they may do in a project they may see, and why; a recovery link or code to hand
 * over; their sessions, with "sign out everywhere"; the applications they let sign them in
 * through the OAuth2 provider; and the e-mails the system sent them with their delivery state.
 */
import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../lib/api-client.js';
import { useTranslation } from '../../lib/i18n.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { QueryError } from '../../ui/QueryError.js';
import { UserGrantsPanel } from '../oauth2/UserGrantsPanel.js';
import { AuditEventsPanel } from '../audit/AuditEventsPanel.js';
import { useShell } from '../../shell/shell-context.js';
import { userKeys } from './queries.js';
import { RecoveryPanel } from './RecoveryPanel.js';
import { UserAccessPanel } from './UserAccessPanel.js';
import { UserMessagesPanel } from './UserMessagesPanel.js';
import { UserProfilePanel } from './UserProfilePanel.js';
import { UserSessionsPanel } from './UserSessionsPanel.js';
import { userName } from './UsersPage.js';
import { UserStateBadge } from './UserStateBadge.js';
import '../admin.css';

/** The texts of the access explanation this page shows, fetched with its code (routes.tsx awaits them). */
export { loadAccessTexts } from '../../ui/access/texts.js';

export function UserPage({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const shell = useShell();
  const user = useQuery({
    queryKey: userKeys.detail(userId),
    queryFn: ({ signal }) => dataOf(api.GET('/api/admin/users/{userId}', { params: { path: { userId } }, signal }), signal),
  });
  if (user.isPending) return <div className="shell-loading spinner" />;
  if (user.isError) return <QueryError error={user.error} onRetry={() => void user.refetch()} />;
  const u = user.data;
  return (
    <>
      <PageHeader
        title={userName(u)}
        subtitle={
          <>
            {u.email} · <UserStateBadge state={u.state} />
          </>
        }
        crumbs={[{ label: t('shell.nav.users'), href: '/admin/users' }, { label: userName(u) }]}
      />
      <UserProfilePanel user={u} />
      <UserAccessPanel user={u} />
      <RecoveryPanel user={u} />
      <UserSessionsPanel user={u} />
      <UserGrantsPanel user={u} name={userName(u)} />
      <UserMessagesPanel user={u} />
      <AuditEventsPanel scope={{ kind: 'global' }} subject={u.id} permissionOrgId={shell.org?.id ?? null} />
    </>
  );
}
