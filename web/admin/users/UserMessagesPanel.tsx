/**
 * The e-mails the system sent a user, newest first, with whether they left: "queued" and
 * "abandoned" explain a "I never got the code" call. Subjects only; bodies are the user's.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from 'react-aria-components';
import { api, dataOf } from '../../lib/api-client.js';
import type { User } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { DateText } from '../../ui/DateText.js';
import { QueryError } from '../../ui/QueryError.js';
import { userKeys } from './queries.js';

const TONE = { sent: 'good', queued: 'warn', processing: 'warn', abandoned: 'bad' } as const;
const PAGE_SIZE = 10;

export function UserMessagesPanel({ user }: { user: User }) {
  const { t } = useTranslation();
  const messages = useInfiniteQuery({
    queryKey: [...userKeys.detail(user.id), 'messages'],
    queryFn: ({ pageParam, signal }) =>
      dataOf(
        api.GET('/api/admin/users/{userId}/messages', { params: { path: { userId: user.id }, query: { pageSize: PAGE_SIZE, pageToken: pageParam || undefined } }, signal }),
        signal,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextPageToken ?? undefined,
  });
  const items = messages.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className="panel" aria-labelledby="user-messages">
      <h2 id="user-messages" className="panel-title">
        {t('admin.users.messages')}
      </h2>
      <p className="panel-text">{t('admin.users.messagesText', { email: user.email })}</p>
      {messages.isError && <QueryError error={messages.error} onRetry={() => void messages.refetch()} />}
      {messages.isPending && <div className="spinner" />}
      {messages.isSuccess && items.length === 0 && <p className="panel-text">{t('admin.users.noMessages')}</p>}
      {items.length > 0 && (
        <table className="plain-table">
          <caption className="visually-hidden">{t('admin.users.messages')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.users.subject')}</th>
              <th scope="col">{t('admin.users.delivery')}</th>
              <th scope="col">{t('admin.users.sentAt')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((m) => (
              <tr key={m.id}>
                <th scope="row">{m.subject}</th>
                <td>
                  <span className="status-badge" data-tone={TONE[m.status]}>
                    {t(`admin.users.deliveryStates.${m.status}`)}
                  </span>
                  {m.sendCount > 1 && <span className="session-meta"> {t('admin.users.attempts', { count: m.sendCount })}</span>}
                </td>
                <td>
                  <DateText date={m.createdAt} withTime />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {messages.hasNextPage && (
        <Button className="button button-secondary" isPending={messages.isFetchingNextPage} onPress={() => void messages.fetchNextPage()}>
          {t('admin.users.olderMessages')}
        </Button>
      )}
    </section>
  );
}
