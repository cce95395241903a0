/**
 * The social and company sign-in providers the sign-in and registration cards offer: id, kind,
 * label, client id and issuer of each (never the client secret), with adding, changing and
 * removing one. Each change is a JSON Patch against the revision the list was read at.
 */
import { StackedTable } from '../../ui/StackedTable.js';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { apiFailureOf } from '../../lib/api-failure.js';
import { useTranslation } from '../../lib/i18n.js';
import { useConfirm } from '../../ui/ConfirmProvider.js';
import { toastStore } from '../../ui/toast-store.js';
import { METHODS } from './config-fields.js';
import { valueAt } from './config-patch.js';
import { ConflictNotice } from './ConflictNotice.js';
import type { PlatformProject } from './platform-types.js';
import { ProviderModal } from './ProviderModal.js';
import { usePatchProject } from './queries.js';
import { providersOf, removeProviderOperations, type StoredProvider } from './social-providers.js';
import '../../ui/data-table.css';
import { EmptyTableRow } from '../../ui/EmptyTableRow.js';

type Editing = { index?: number } | null;

export function SocialProvidersPanel({ project, onReload }: { project: PlatformProject; onReload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const patch = usePatchProject(project.id);
  const [editing, setEditing] = useState<Editing>(null);
  const [conflict, setConflict] = useState(false);
  const providers = providersOf(project);
  const enabled = valueAt(project, `${METHODS}/oidc/enabled`) === true;

  async function remove(provider: StoredProvider, index: number) {
    const sure = await confirm({
      title: t('platformAdmin.providers.removeTitle', { id: provider.id }),
      message: t('platformAdmin.providers.removeText'),
      confirmLabel: t('platformAdmin.providers.remove'),
      destructive: true,
    });
    if (!sure) return;
    try {
      await patch.mutateAsync({ revisionId: project.revision_id, operations: removeProviderOperations(index) });
      toastStore.show(t('platformAdmin.providers.removed', { id: provider.id }), 'success');
    } catch (error) {
      if (apiFailureOf(error).status === 409) setConflict(true);
      else toastStore.show(t('platformAdmin.providers.removeFailed'), 'error');
    }
  }

  return (
    <section className="panel" aria-labelledby="platform-providers-title">
      <div className="panel-row panel-head">
        <div>
          <h2 id="platform-providers-title" className="panel-title">
            {t('platformAdmin.providers.title')}
          </h2>
          <p className="panel-text">{t('platformAdmin.providers.text')}</p>
        </div>
        <Button className="button button-secondary" onPress={() => setEditing({})}>
          {t('platformAdmin.providers.add')}
        </Button>
      </div>
      {!enabled && providers.length > 0 && <p className="notice">{t('platformAdmin.providers.off')}</p>}
      {conflict && (
        <ConflictNotice
          onReload={async () => {
            await onReload();
            setConflict(false);
          }}
        />
      )}
      <div className="data-table">
        <StackedTable
          labelledBy="platform-providers-title"
          columns={[
            { label: t('platformAdmin.providers.id') },
            { label: t('platformAdmin.providers.kind') },
            { label: t('platformAdmin.providers.label') },
            { label: t('platformAdmin.providers.clientId') },
            { label: t('platformAdmin.providers.issuer') },
            { label: t('admin.members.actions'), align: 'end' },
          ]}
        >
          {providers.map((provider, index) => (
            <tr key={provider.id} className="table-row" role="row">
              <th scope="row" role="rowheader">
                <code>{provider.id}</code>
              </th>
              <td role="cell" data-label={t('platformAdmin.providers.kind')}>
                {t(`platformAdmin.providers.kinds.${provider.provider}`, { defaultValue: provider.provider })}
              </td>
              <td role="cell" data-label={t('platformAdmin.providers.label')}>
                {provider.label ?? '—'}
              </td>
              <td role="cell" data-label={t('platformAdmin.providers.clientId')}>
                <code>{provider.client_id}</code>
              </td>
              <td role="cell" data-label={t('platformAdmin.providers.issuer')}>
                {provider.issuer_url ?? '—'}
              </td>
              <td role="cell" className="align-end row-actions">
                <button
                  type="button"
                  className="button button-small button-secondary"
                  aria-label={t('platformAdmin.providers.editOf', { id: provider.id })}
                  onClick={() => setEditing({ index })}
                >
                  {t('platformAdmin.providers.edit')}
                </button>
                <button
                  type="button"
                  className="button button-small button-secondary"
                  aria-label={t('platformAdmin.providers.removeOf', { id: provider.id })}
                  onClick={() => void remove(provider, index)}
                >
                  {t('platformAdmin.providers.remove')}
                </button>
              </td>
            </tr>
          ))}
          {providers.length === 0 && (
            <EmptyTableRow columns={6} loading={false}>
              {t('platformAdmin.providers.none')}
            </EmptyTableRow>
          )}
        </StackedTable>
      </div>
      {editing && <ProviderModal project={project} index={editing.index} onClose={() => setEditing(null)} onReload={onReload} />}
    </section>
  );
}
