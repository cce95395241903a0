/**
 * The applications a user let sign them in through the OAuth2 provider, with the scopes granted
 * and when; revoking one application's access or all of them (the provider revokes the tokens
 * issued under them too, and asks again next time).
 */
import { Button } from 'react-aria-components';
import type { User } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { useConfirm } from '../../ui/ConfirmProvider.js';
import { QueryError } from '../../ui/QueryError.js';
import { RelativeTime } from '../../ui/RelativeTime.js';
import { toastStore } from '../../ui/toast-store.js';
import { notConfigured, useGrantedApplications, useRevokeGrant } from './queries.js';

export function GrantedApplications({ user, name }: { user: User; name: string }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const grants = useGrantedApplications(user.id);
  const revoke = useRevokeGrant(user.id);
  const items = grants.data?.items ?? [];

  async function revokeAccess(application: { id: string; name: string } | null) {
    const sure = await confirm({
      title: application ? t('oauth2Admin.revokeTitle', { application: application.name || application.id, name }) : t('oauth2Admin.revokeAllTitle', { name }),
      message: t('oauth2Admin.revokeText'),
      confirmLabel: application ? t('oauth2Admin.revoke') : t('oauth2Admin.revokeAll'),
      destructive: true,
    });
    if (!sure) return;
    try {
      await revoke.mutateAsync(application?.id ?? null);
      toastStore.show(application ? t('oauth2Admin.revoked', { application: application.name || application.id }) : t('oauth2Admin.revokedAll', { name }), 'success');
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
            {t('oauth2Admin.userApplications')}
          </h2>
          <p className="panel-text">{t('oauth2Admin.userApplicationsText')}</p>
        </div>
        <Button className="button button-danger" isDisabled={items.length === 0} isPending={revoke.isPending && revoke.variables === null} onPress={() => void revokeAccess(null)}>
          {t('oauth2Admin.revokeAll')}
        </Button>
      </div>
      {grants.isError && <QueryError error={grants.error} onRetry={() => void grants.refetch()} />}
      {grants.isPending && <div className="spinner" />}
      {grants.data && items.length === 0 && <p className="panel-text">{t('oauth2Admin.noGrants')}</p>}
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
                      · {t('oauth2Admin.granted')} <RelativeTime date={g.lastGrantedAt} />
                    </>
                  )}
                  {g.remembered && <> · {t('oauth2Admin.remembered')}</>}
                </p>
              </div>
              <button
                type="button"
                className="button button-small button-secondary"
                aria-label={t('oauth2Admin.revokeOf', { application: g.application.name || g.application.id })}
                onClick={() => void revokeAccess(g.application)}
              >
                {t('oauth2Admin.revoke')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
