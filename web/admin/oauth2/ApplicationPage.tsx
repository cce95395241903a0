/**
 * `/admin/oauth2/applications/:clientId` (global administrators): one application — what its
 * operator pastes into it (client id, issuer, discovery), its settings, a new secret (shown once;
 * the old one stops working) and deleting it with every token issued to it.
 */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n.js';
import { goTo } from '../../lib/navigate.js';
import { useConfirm } from '../../ui/ConfirmProvider.js';
import { DateText } from '../../ui/DateText.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { QueryError } from '../../ui/QueryError.js';
import { toastStore } from '../../ui/toast-store.js';
import { isPublic, valuesOf } from './application-form.js';
import { ApplicationForm } from './ApplicationForm.js';
import { OAUTH2_PATH } from './oauth2-path.js';
import { ProviderDetails } from './ProviderDetails.js';
import { ProviderNotConfigured } from './ProviderNotConfigured.js';
import { notConfigured, useApplication, useDeleteApplication, useNewSecret, useUpdateApplication } from './queries.js';
import { SecretDialog, type ShownSecret } from './SecretDialog.js';
import '../admin.css';
import './oauth2.css';

export function ApplicationPage({ clientId }: { clientId: string }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const application = useApplication(clientId);
  const update = useUpdateApplication(clientId);
  const remove = useDeleteApplication();
  const rotate = useNewSecret(clientId);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const crumbs = [{ label: t('shell.nav.oauth2'), href: OAUTH2_PATH }];

  if (application.isPending) return <div className="shell-loading spinner" />;
  if (application.isError) {
    return (
      <>
        <PageHeader title={t('oauth2Admin.title')} crumbs={crumbs} />
        {notConfigured(application.error) ? <ProviderNotConfigured /> : <QueryError error={application.error} onRetry={() => void application.refetch()} />}
      </>
    );
  }
  const app = application.data;
  const name = app.name || app.id;

  async function newSecret() {
    const sure = await confirm({
      title: t('oauth2Admin.newSecretTitle', { name }),
      message: t('oauth2Admin.newSecretText'),
      confirmLabel: t('oauth2Admin.newSecret'),
      destructive: true,
    });
    if (!sure) return;
    try {
      const answer = await rotate.mutateAsync();
      setShown({ title: t('oauth2Admin.newSecretShownTitle', { name }), clientId: app.id, secret: answer.clientSecret });
    } catch {
      toastStore.show(t('oauth2Admin.newSecretFailed'), 'error');
    }
  }

  async function deleteApplication() {
    const sure = await confirm({
      title: t('oauth2Admin.deleteTitle', { name }),
      message: t('oauth2Admin.deleteText'),
      confirmLabel: t('oauth2Admin.delete'),
      destructive: true,
    });
    if (!sure) return;
    try {
      await remove.mutateAsync(app.id);
      toastStore.show(t('oauth2Admin.deleted', { name }), 'success');
      goTo(OAUTH2_PATH);
    } catch {
      toastStore.show(t('oauth2Admin.deleteFailed'), 'error');
    }
  }

  return (
    <>
      <PageHeader
        title={name}
        subtitle={
          <span className="status-badge" data-tone={isPublic(app) ? 'warn' : 'good'}>
            {isPublic(app) ? t('oauth2Admin.public') : t('oauth2Admin.confidential')}
          </span>
        }
        crumbs={[...crumbs, { label: name }]}
      />
      <section className="panel" aria-labelledby="application-connection">
        <h2 id="application-connection" className="panel-title">
          {t('oauth2Admin.connection')}
        </h2>
        <p className="panel-text">{t('oauth2Admin.connectionText')}</p>
        <ProviderDetails clientId={app.id} />
        <dl className="facts application-dates">
          <dt>{t('oauth2Admin.created')}</dt>
          <dd>
            <DateText date={app.createdAt} withTime />
          </dd>
          <dt>{t('oauth2Admin.updated')}</dt>
          <dd>
            <DateText date={app.updatedAt} withTime />
          </dd>
        </dl>
      </section>
      <section className="panel" aria-labelledby="application-settings">
        <h2 id="application-settings" className="panel-title">
          {t('oauth2Admin.settings')}
        </h2>
        <ApplicationForm
          id="application-settings-form"
          initial={valuesOf(app)}
          publicOnly={isPublic(app)}
          onSave={async (input) => {
            await update.mutateAsync(input);
            toastStore.show(t('oauth2Admin.saved', { name: input.name }), 'success');
          }}
          actions={(pending) => (
            <div className="form-actions">
              <Button className="button button-primary" type="submit" isPending={pending}>
                {t('oauth2Admin.save')}
              </Button>
            </div>
          )}
        />
      </section>
      {!isPublic(app) && (
        <section className="panel" aria-labelledby="application-secret">
          <div className="panel-row">
            <div>
              <h2 id="application-secret" className="panel-title">
                {t('oauth2Admin.clientSecret')}
              </h2>
              <p className="panel-text">{t('oauth2Admin.secretText')}</p>
            </div>
            <Button className="button button-secondary" isPending={rotate.isPending} onPress={() => void newSecret()}>
              {t('oauth2Admin.newSecret')}
            </Button>
          </div>
        </section>
      )}
      <section className="panel panel-danger" aria-labelledby="application-delete">
        <div className="panel-row">
          <div>
            <h2 id="application-delete" className="panel-title">
              {t('oauth2Admin.delete')}
            </h2>
            <p className="panel-text">{t('oauth2Admin.deleteHint')}</p>
          </div>
          <Button className="button button-danger" isPending={remove.isPending} onPress={() => void deleteApplication()}>
            {t('oauth2Admin.delete')}
          </Button>
        </div>
      </section>
      {shown && <SecretDialog shown={shown} onClose={() => setShown(null)} />}
    </>
  );
}
