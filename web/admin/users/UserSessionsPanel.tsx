/**
 * A user's sessions: where and how they signed in, which are still active; ending one, or all of
 * them ("sign out everywhere"). The gateway forgets an ended session at once.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'react-aria-components';
import { api, dataOf } from '../../lib/api-client.js';
import type { User } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { describeUserAgent } from '../../lib/user-agent.js';
import { useSession } from '../../session/use-session.js';
import { useConfirm } from '../../ui/ConfirmProvider.js';
import { QueryError } from '../../ui/QueryError.js';
import { RelativeTime } from '../../ui/RelativeTime.js';
import { toastStore } from '../../ui/toast-store.js';
import { userKeys } from './queries.js';
import { userName } from './UsersPage.js';

const sessionsKey = (userId: string) => [...userKeys.detail(userId), 'sessions'] as const;

export function UserSessionsPanel({ user }: { user: User }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const client = useQueryClient();
  const sessions = useQuery({
    queryKey: sessionsKey(user.id),
    queryFn: ({ signal }) => dataOf(api.GET('/api/admin/users/{userId}/sessions', { params: { path: { userId: user.id } }, signal }), signal),
  });
  const refresh = () => client.invalidateQueries({ queryKey: sessionsKey(user.id) });
  const endAll = useMutation({ mutationFn: () => dataOf(api.DELETE('/api/admin/users/{userId}/sessions', { params: { path: { userId: user.id } } })), onSettled: refresh });
  const endOne = useMutation({
    mutationFn: (sessionId: string) => dataOf(api.DELETE('/api/admin/users/{userId}/sessions/{sessionId}', { params: { path: { userId: user.id, sessionId } } })),
    onSettled: refresh,
  });
  const active = (sessions.data?.items ?? []).filter((s) => s.active);
  const mySessionId = useSession().data?.id;

  async function signOutEverywhere() {
    const sure = await confirm({
      title: t('admin.users.signOutTitle', { name: userName(user) }),
      message: t('admin.users.signOutText'),
      confirmLabel: t('admin.users.signOutEverywhere'),
      destructive: true,
    });
    if (!sure) return;
    try {
      await endAll.mutateAsync();
      toastStore.show(t('admin.users.signedOut', { name: userName(user) }), 'success');
    } catch {
      toastStore.show(t('admin.form.failed'), 'error');
    }
  }

  async function end(sessionId: string) {
    try {
      await endOne.mutateAsync(sessionId);
      toastStore.show(t('admin.users.sessionEnded'), 'success');
    } catch {
      toastStore.show(t('admin.form.failed'), 'error');
    }
  }

  return (
    <section className="panel" aria-labelledby="user-sessions">
      <div className="panel-row">
        <div>
          <h2 id="user-sessions" className="panel-title">
            {t('admin.users.sessions')}
          </h2>
          <p className="panel-text">{t('admin.users.activeSessions', { count: active.length })}</p>
        </div>
        <Button className="button button-danger" isDisabled={active.length === 0} isPending={endAll.isPending} onPress={() => void signOutEverywhere()}>
          {t('admin.users.signOutEverywhere')}
        </Button>
      </div>
      {sessions.isError && <QueryError error={sessions.error} onRetry={() => void sessions.refetch()} />}
      {sessions.isPending && <div className="spinner" />}
      {sessions.data && sessions.data.items.length === 0 && <p className="panel-text">{t('admin.users.noSessions')}</p>}
      {sessions.data && sessions.data.items.length > 0 && (
        <ul className="session-list">
          {sessions.data.items.map((s) => {
            const device = s.devices[0];
            const described = device?.userAgent ? describeUserAgent(device.userAgent) : null;
            const name =
              described?.browser && described.system
                ? t('admin.users.browserOn', { browser: described.browser, system: described.system })
                : (described?.browser ?? described?.system ?? t('admin.users.unknownDevice'));
            return (
              <li key={s.id} className="session-item" data-active={s.active || undefined}>
                <div>
                  <p className="session-device" title={device?.userAgent ?? undefined}>
                    {name}
                    {s.id === mySessionId && <span className="status-badge">{t('admin.users.thisSession')}</span>}
                  </p>
                  <p className="session-meta">
                    {[device?.ipAddress, device?.location].filter(Boolean).join(' · ')}
                    {s.authenticatedAt && (
                      <>
                        {' '}
                        · {t('admin.users.signedIn')} <RelativeTime date={s.authenticatedAt} />
                      </>
                    )}
                    {s.methods.length > 0 && <> · {s.methods.map((m) => t(`admin.users.methodNames.${m}`, { defaultValue: m })).join(', ')}</>}
                    {s.aal === 'aal2' && <> · {t('admin.users.twoFactor')}</>}
                  </p>
                </div>
                {s.active ? (
                  <button type="button" className="button button-small button-secondary" onClick={() => void end(s.id)}>
                    {t('admin.users.endSession')}
                  </button>
                ) : (
                  <span className="status-badge">{t('admin.users.ended')}</span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
