/**
 * The issuers whose signed assertions (RFC 7523 jwt-bearer) the provider exchanges for access
 * tokens: for which subject, scopes and key, until when. Adding one, and no longer trusting one.
 */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n.js';
import { useConfirm } from '../../ui/ConfirmProvider.js';
import { DateText } from '../../ui/DateText.js';
import { QueryError } from '../../ui/QueryError.js';
import { toastStore } from '../../ui/toast-store.js';
import { AddIssuerModal } from './AddIssuerModal.js';
import { useDeleteIssuer, useTrustedIssuers } from './queries.js';
import '../../ui/data-table.css';
import { EmptyTableRow } from '../../ui/EmptyTableRow.js';

export function IssuersPanel() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const issuers = useTrustedIssuers();
  const remove = useDeleteIssuer();
  const [adding, setAdding] = useState(false);
  const items = issuers.data?.items ?? [];

  async function stopTrusting(id: string, issuer: string) {
    const sure = await confirm({
      title: t('oauth2Admin.deleteIssuerTitle', { issuer }),
      message: t('oauth2Admin.deleteIssuerText'),
      confirmLabel: t('oauth2Admin.deleteIssuer'),
      destructive: true,
    });
    if (!sure) return;
    try {
      await remove.mutateAsync(id);
      toastStore.show(t('oauth2Admin.issuerDeleted', { issuer }), 'success');
    } catch {
      toastStore.show(t('oauth2Admin.issuerDeleteFailed'), 'error');
    }
  }

  return (
    <>
      <div className="panel-row issuers-head">
        <p className="panel-text">{t('oauth2Admin.issuersText')}</p>
        <Button className="button button-primary" onPress={() => setAdding(true)}>
          {t('oauth2Admin.addIssuer')}
        </Button>
      </div>
      {issuers.isError && !issuers.data ? (
        <QueryError error={issuers.error} onRetry={() => void issuers.refetch()} />
      ) : (
        <div className="data-table">
          <div className="data-table-scroll" aria-busy={issuers.isFetching || undefined}>
            <table className="table" aria-label={t('oauth2Admin.issuers')}>
              <thead>
                <tr>
                  <th scope="col">{t('oauth2Admin.issuerName')}</th>
                  <th scope="col">{t('oauth2Admin.subject')}</th>
                  <th scope="col">{t('oauth2Admin.scopes')}</th>
                  <th scope="col">{t('oauth2Admin.keyId')}</th>
                  <th scope="col">{t('oauth2Admin.expiresAt')}</th>
                  <th scope="col" className="align-end">
                    {t('admin.members.actions')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((i) => (
                  <tr key={i.id} className="table-row">
                    <th scope="row" className="cell-strong issuer-cell">
                      {i.issuer}
                    </th>
                    <td className="cell-break">{i.allowAnySubject ? <span className="status-badge">{t('oauth2Admin.anySubjectShort')}</span> : i.subject}</td>
                    <td>{i.scopes.length > 0 ? i.scopes.join(' ') : <span className="cell-muted">{t('oauth2Admin.none')}</span>}</td>
                    <td>
                      <code className="cell-break">{i.keyId}</code>
                    </td>
                    <td>
                      <DateText date={i.expiresAt} />
                    </td>
                    <td className="align-end">
                      <button
                        type="button"
                        className="button button-small button-secondary"
                        aria-label={t('oauth2Admin.deleteIssuerOf', { issuer: i.issuer })}
                        onClick={() => void stopTrusting(i.id, i.issuer)}
                      >
                        {t('oauth2Admin.deleteIssuer')}
                      </button>
                    </td>
                  </tr>
                ))}
                {items.length === 0 && (
                  <EmptyTableRow columns={6} loading={issuers.isPending}>
                    {t('oauth2Admin.noIssuers')}
                  </EmptyTableRow>
                )}
              </tbody>
            </table>
          </div>
        </div>
      )}
      {adding && <AddIssuerModal onClose={() => setAdding(false)} />}
    </>
  );
}
