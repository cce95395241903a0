/**
 * The project's API keys: name, last characters, when each was made, expires and was last used,
 * never the value (the API answers it once, when the key is made). Creating one shows its value
 * once; revoking one asks first, and the key is refused from the next request on.
 */
import { StackedTable } from '../../ui/StackedTable.js';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n.js';
import { useConfirm } from '../../ui/ConfirmProvider.js';
import { DateText } from '../../ui/DateText.js';
import { QueryError } from '../../ui/QueryError.js';
import { toastStore } from '../../ui/toast-store.js';
import { ApiKeyCreatedDialog } from './ApiKeyCreatedDialog.js';
import { CreateApiKeyModal } from './CreateApiKeyModal.js';
import type { ApiKey } from './platform-types.js';
import { useApiKeys, useRevokeApiKey } from './queries.js';
import '../../ui/data-table.css';
import { EmptyTableRow } from '../../ui/EmptyTableRow.js';

export function ApiKeysPanel({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const keys = useApiKeys(projectId);
  const revoke = useRevokeApiKey(projectId);
  const [creating, setCreating] = useState(false);
  // The new key's value lives here, and only until its dialog closes.
  const [created, setCreated] = useState<{ name: string; value: string } | null>(null);
  const items = keys.data ?? [];

  async function revokeKey(key: ApiKey) {
    const sure = await confirm({
      title: t('platformAdmin.apiKeys.revokeTitle', { name: key.name }),
      message: t('platformAdmin.apiKeys.revokeText'),
      confirmLabel: t('platformAdmin.apiKeys.revoke'),
      destructive: true,
    });
    if (!sure) return;
    try {
      await revoke.mutateAsync(key.id);
      toastStore.show(t('platformAdmin.apiKeys.revoked', { name: key.name }), 'success');
    } catch {
      toastStore.show(t('platformAdmin.apiKeys.revokeFailed'), 'error');
    }
  }

  return (
    <section className="panel" aria-labelledby="platform-keys-title">
      <div className="panel-row panel-head">
        <div>
          <h2 id="platform-keys-title" className="panel-title">
            {t('platformAdmin.apiKeys.title')}
          </h2>
          <p className="panel-text">{t('platformAdmin.apiKeys.text')}</p>
        </div>
        <Button className="button button-primary" onPress={() => setCreating(true)}>
          {t('platformAdmin.apiKeys.create')}
        </Button>
      </div>
      {keys.isError && !keys.data ? (
        <QueryError error={keys.error} onRetry={() => void keys.refetch()} />
      ) : (
        <div className="data-table">
          <StackedTable
            labelledBy="platform-keys-title"
            columns={[
              { label: t('platformAdmin.apiKeys.name') },
              { label: t('platformAdmin.apiKeys.endsWith') },
              { label: t('platformAdmin.apiKeys.created') },
              { label: t('platformAdmin.apiKeys.expires') },
              { label: t('platformAdmin.apiKeys.lastUsed') },
              { label: t('admin.members.actions'), align: 'end' },
            ]}
            busy={keys.isFetching}
          >
            {items.map((key) => (
              <tr key={key.id} className="table-row" role="row">
                <th scope="row" role="rowheader" className="cell-strong">
                  {key.name}
                </th>
                <td role="cell" data-label={t('platformAdmin.apiKeys.endsWith')}>
                  <code>…{key.last_characters}</code>
                </td>
                <td role="cell" data-label={t('platformAdmin.apiKeys.created')}>
                  <DateText date={key.created_at} withTime />
                </td>
                <td role="cell" data-label={t('platformAdmin.apiKeys.expires')}>
                  {key.expires_at ? <DateText date={key.expires_at} /> : t('platformAdmin.apiKeys.never')}
                </td>
                <td role="cell" data-label={t('platformAdmin.apiKeys.lastUsed')}>
                  {key.last_used_at ? <DateText date={key.last_used_at} withTime /> : t('platformAdmin.apiKeys.notUsed')}
                </td>
                <td role="cell" className="align-end row-actions">
                  <button
                    type="button"
                    className="button button-small button-secondary"
                    aria-label={t('platformAdmin.apiKeys.revokeOf', { name: key.name })}
                    onClick={() => void revokeKey(key)}
                  >
                    {t('platformAdmin.apiKeys.revoke')}
                  </button>
                </td>
              </tr>
            ))}
            {items.length === 0 && (
              <EmptyTableRow columns={6} loading={keys.isPending}>
                {t('platformAdmin.apiKeys.none')}
              </EmptyTableRow>
            )}
          </StackedTable>
        </div>
      )}
      {creating && (
        <CreateApiKeyModal
          projectId={projectId}
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            if (key.value) setCreated({ name: key.name, value: key.value });
          }}
        />
      )}
      {created && <ApiKeyCreatedDialog name={created.name} value={created.value} onClose={() => setCreated(null)} />}
    </section>
  );
}
