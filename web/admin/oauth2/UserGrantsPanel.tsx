/**
 * On a user's page, for administrators of the OAuth2 provider: the applications the user let
 * sign them in, with the scopes granted and when; revoking one application's access or all of
 * them (the provider revokes the tokens issued under them too, and asks again next time).
 */
import { Button } from 'react-aria-components';
import type { User } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { useShell } from '../../shell/shell-context.js';
import { usePermissions } from '../../shell/use-permissions.js';
import { useConfirm } from '../../ui/ConfirmProvider.js';
import { QueryError } from '../../ui/QueryError.js';
import { RelativeTime } from '../../ui/RelativeTime.js';
import { toastStore } from '../../ui/toast-store.js';
import { notConfigured, useGrantedApplications, useRevokeGrant } from './queries.js';

export function UserGrantsPanel({ user, name }: { user: User; name: string }) {
  const shell = useShell();
  const permissions = usePermissions({ orgId: shell.org?.id ?? null });
  if (permissions.isPending || !permissions.can('admin:oauth2')) return null;
  return <GrantsPanel user={user} name={name} />;
}

function GrantsPanel({ user, name }: { user: User; name: string }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const grants = useGrantedApplications(user.id);
  const revoke = useRevokeGrant(user.id);
  const items = grants.data?.items ?? [];

  async function revokeAccess(application: { id: string; name: string } | null) {
    const sure = await confirm({
      title: application ? t('admin.oauth2.revokeTitle', { application: application.name || application.id, name }) : t('admin.oauth2.revokeAllTitle', { name }),
      message: t('admin.oauth2.revokeText'),
      confirmLabel: application ? t('admin.oauth2.revoke') : t('admin.oauth2.revokeAll'),
      destructive: true,
    });
    if (!sure) return;
    try {
      await revoke.mutateAsync(application?.id ?? null);
      toastStore.show(application ? t('admin.oauth2.revoked', { application: application.name || application.id }) : t('admin.oauth2.revokedAll', { name }), 'success');
    } catch {
      toastStore.show(t('admin.form.failed'), 'error');
    }
  }

  if (notConfigured(grants.error)) return null;
  return (
    <section className="panel" aria-labelledby="user-applications">
      <div className="panel-row">
        <div>
          <h2 id="user-applications" className="panel-title">
            {t('admin.oauth2.userApplications')}
          </h2>
          <p className="panel-text">{t('admin.oauth2.userApplicationsText')}</p>
        </div>
        <Button className="button button-danger" isDisabled={items.length === 0} isPending={revoke.isPending && revoke.variables === null} onPress={() => void revokeAccess(null)}>
          {t('admin.oauth2.revokeAll')}
        </Button>
      </div>
      {grants.isError && <QueryError error={grants.error} onRetry={() => void grants.refetch()} />}
      {grants.isPending && <div className="spinner" />}
      {grants.data && items.length === 0 && <p className="panel-text">{t('admin.oauth2.noGrants')}</p>}
      {items.length > 0 && (
        <ul className="session-list grant-list">
          {items.map((g) => (
            <li key={g.application.id} className="session-item" data-active>
              <div>
                <p className="session-device">{g.application.name || g.application.id}</p>
                <p className="session-meta">
                  {g.scopes.join(' ')}
                  {g.lastGrantedAt && (
                    <>
                      {' '}
                      · {t('admin.oauth2.granted')} <RelativeTime date={g.lastGrantedAt} />
                    </>
                  )}
                  {g.remembered && <> · {t('admin.oauth2.remembered')}</>}
                </p>
              </div>
              <button
                type="button"
                className="button button-small button-secondary"
                aria-label={t('admin.oauth2.revokeOf', { application: g.application.name || g.application.id })}
                onClick={() => void revokeAccess(g.application)}
              >
                {t('admin.oauth2.revoke')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
