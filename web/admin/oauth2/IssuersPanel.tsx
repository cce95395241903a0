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

export function IssuersPanel() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const issuers = useTrustedIssuers();
  const remove = useDeleteIssuer();
  const [adding, setAdding] = useState(false);
  const items = issuers.data?.items ?? [];

  async function stopTrusting(id: string, issuer: string) {
    const sure = await confirm({
      title: t('admin.oauth2.deleteIssuerTitle', { issuer }),
      message: t('admin.oauth2.deleteIssuerText'),
      confirmLabel: t('admin.oauth2.deleteIssuer'),
      destructive: true,
    });
    if (!sure) return;
    try {
      await remove.mutateAsync(id);
      toastStore.show(t('admin.oauth2.issuerDeleted', { issuer }), 'success');
    } catch {
      toastStore.show(t('admin.oauth2.issuerDeleteFailed'), 'error');
    }
  }

  return (
    <>
      <div className="panel-row issuers-head">
        <p className="panel-text">{t('admin.oauth2.issuersText')}</p>
        <Button className="button button-primary" onPress={() => setAdding(true)}>
          {t('admin.oauth2.addIssuer')}
        </Button>
      </div>
      {issuers.isError && !issuers.data ? (
        <QueryError error={issuers.error} onRetry={() => void issuers.refetch()} />
      ) : (
        <div className="data-table">
          <div className="data-table-scroll" aria-busy={issuers.isFetching || undefined}>
            <table className="table" aria-label={t('admin.oauth2.issuers')}>
              <thead>
                <tr>
                  <th scope="col">{t('admin.oauth2.issuerName')}</th>
                  <th scope="col">{t('admin.oauth2.subject')}</th>
                  <th scope="col">{t('admin.oauth2.scopes')}</th>
                  <th scope="col">{t('admin.oauth2.keyId')}</th>
                  <th scope="col">{t('admin.oauth2.expiresAt')}</th>
                  <th scope="col" className="align-end">
                    {t('admin.members.actions')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((i) => (
                  <tr key={i.id} className="table-row">
                    <th scope="row" className="cell-strong cell-break">
                      {i.issuer}
                    </th>
                    <td className="cell-break">{i.allowAnySubject ? <span className="status-badge">{t('admin.oauth2.anySubjectShort')}</span> : i.subject}</td>
                    <td>{i.scopes.length > 0 ? i.scopes.join(' ') : <span className="cell-muted">{t('admin.oauth2.none')}</span>}</td>
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
                        aria-label={t('admin.oauth2.deleteIssuerOf', { issuer: i.issuer })}
                        onClick={() => void stopTrusting(i.id, i.issuer)}
                      >
                        {t('admin.oauth2.deleteIssuer')}
                      </button>
                    </td>
                  </tr>
                ))}
                {items.length === 0 && (
                  <tr>
                    <td colSpan={6} className="table-empty">
                      {issuers.isPending ? <span className="spinner" role="status" aria-label={t('common.loading')} /> : t('admin.oauth2.noIssuers')}
                    </td>
                  </tr>
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
