/**
 * The keys the provider signs ID tokens with: which one signs, when each was made and retired,
 * and when a retired one leaves the published keys (once every token it signed has expired).
 * "Rotate now" makes a new key sign at once, after a confirmation.
 */
import { StackedTable } from '../../ui/StackedTable.js';
import { Button } from 'react-aria-components';
import type { OAuth2SigningKey } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { useConfirm } from '../../ui/ConfirmProvider.js';
import { DateText } from '../../ui/DateText.js';
import { QueryError } from '../../ui/QueryError.js';
import { toastStore } from '../../ui/toast-store.js';
import { useRotateSigningKey, useSigningKeys } from './queries.js';
import '../../ui/data-table.css';
import { EmptyTableRow } from '../../ui/EmptyTableRow.js';

export function SigningKeysPanel() {
  const { t, i18n } = useTranslation();
  const confirm = useConfirm();
  const keys = useSigningKeys();
  const rotate = useRotateSigningKey();
  const items = keys.data?.items ?? [];
  const rotatesAt = items.find((key) => key.signing)?.rotatesAt;

  async function rotateNow() {
    const sure = await confirm({ title: t('oauth2Admin.rotateTitle'), message: t('oauth2Admin.rotateText'), confirmLabel: t('oauth2Admin.rotate') });
    if (!sure) return;
    try {
      await rotate.mutateAsync();
      toastStore.show(t('oauth2Admin.rotated'), 'success');
    } catch {
      toastStore.show(t('oauth2Admin.rotateFailed'), 'error');
    }
  }

  return (
    <section className="panel provider-panel" aria-labelledby="oauth2-signing-keys">
      <div className="panel-row signing-keys-head">
        <div>
          <h2 id="oauth2-signing-keys" className="panel-title">
            {t('oauth2Admin.signingKeys')}
          </h2>
          <p className="panel-text">{t('oauth2Admin.signingKeysText')}</p>
        </div>
        <Button className="button button-secondary" isDisabled={!keys.data} isPending={rotate.isPending} onPress={() => void rotateNow()}>
          {t('oauth2Admin.rotate')}
        </Button>
      </div>
      {rotatesAt && (
        <p className="panel-text">{t('oauth2Admin.nextRotation', { date: new Date(rotatesAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }) })}</p>
      )}
      {keys.isError && !keys.data ? (
        <QueryError error={keys.error} onRetry={() => void keys.refetch()} />
      ) : (
        <div className="data-table">
          <StackedTable
            labelledBy="oauth2-signing-keys"
            columns={[
              { label: t('oauth2Admin.keyId') },
              { label: t('oauth2Admin.keyStatus') },
              { label: t('oauth2Admin.created') },
              { label: t('oauth2Admin.retiredAt') },
              { label: t('oauth2Admin.removedAt') },
            ]}
            busy={keys.isFetching}
          >
            {items.map((key) => (
              <KeyRow key={key.kid} signingKey={key} />
            ))}
            {items.length === 0 && (
              <EmptyTableRow columns={5} loading={keys.isPending}>
                {t('oauth2Admin.noSigningKeys')}
              </EmptyTableRow>
            )}
          </StackedTable>
        </div>
      )}
    </section>
  );
}

function KeyRow({ signingKey: key }: { signingKey: OAuth2SigningKey }) {
  const { t } = useTranslation();
  return (
    <tr className="table-row" role="row">
      <th scope="row" role="rowheader">
        <code className="cell-break">{key.kid}</code>
      </th>
      <td role="cell" data-label={t('oauth2Admin.keyStatus')}>
        <span className="status-badge" data-tone={key.signing ? 'good' : undefined}>
          {key.signing ? t('oauth2Admin.keySigning') : t('oauth2Admin.keyRetired')}
        </span>
      </td>
      <td role="cell" data-label={t('oauth2Admin.created')}>
        <DateText date={key.createdAt} withTime />
      </td>
      <td role="cell" data-label={t('oauth2Admin.retiredAt')}>
        <DateText date={key.retiredAt} withTime />
      </td>
      <td role="cell" data-label={t('oauth2Admin.removedAt')}>
        <DateText date={key.removesAt} withTime />
      </td>
    </tr>
  );
}
