/**
 * `/admin/oauth2` and `/admin/oauth2/issuers` (global administrators): the embedded OAuth2 and
 * OpenID Connect provider — the applications that let people "sign in with sitewave", with the
 * addresses their operators need and the keys ID tokens are signed with, and the issuers whose
 * signed assertions it exchanges for tokens. Without a configured provider the page says what to
 * set instead.
 */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n.js';
import { goTo } from '../../lib/navigate.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { TabBar } from '../../ui/TabBar.js';
import { ApplicationsTable } from './ApplicationsTable.js';
import { CreateApplicationModal } from './CreateApplicationModal.js';
import { IssuersPanel } from './IssuersPanel.js';
import { ISSUERS_PATH, OAUTH2_PATH } from './oauth2-path.js';
import { ProviderDetails } from './ProviderDetails.js';
import { ProviderNotConfigured } from './ProviderNotConfigured.js';
import { notConfigured, useApplications } from './queries.js';
import { SecretDialog, type ShownSecret } from './SecretDialog.js';
import { SigningKeysPanel } from './SigningKeysPanel.js';
import '../admin.css';
import './oauth2.css';

export type OAuth2Tab = 'applications' | 'issuers';

export function OAuth2Page({ tab }: { tab: OAuth2Tab }) {
  const { t } = useTranslation();
  // The first page of the list, shared with the table: it also tells whether a provider is configured.
  const first = useApplications('', undefined);
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const off = notConfigured(first.error);

  return (
    <>
      <PageHeader
        title={t('oauth2Admin.title')}
        subtitle={t('oauth2Admin.subtitle')}
        actions={
          tab === 'applications' &&
          !off && (
            <Button className="button button-primary" onPress={() => setAdding(true)}>
              {t('oauth2Admin.add')}
            </Button>
          )
        }
      />
      {off ? (
        <ProviderNotConfigured />
      ) : (
        <TabBar
          label={t('oauth2Admin.title')}
          tabs={[
            { id: 'applications', label: t('oauth2Admin.applications') },
            { id: 'issuers', label: t('oauth2Admin.issuers') },
          ]}
          selected={tab}
          onSelect={(id) => goTo(id === 'issuers' ? ISSUERS_PATH : OAUTH2_PATH)}
        >
          {tab === 'applications' ? (
            <>
              <ApplicationsTable onAdd={() => setAdding(true)} />
              <section className="panel provider-panel" aria-labelledby="oauth2-provider">
                <h2 id="oauth2-provider" className="panel-title">
                  {t('oauth2Admin.providerTitle')}
                </h2>
                <p className="panel-text">{t('oauth2Admin.providerText')}</p>
                <ProviderDetails />
              </section>
              <SigningKeysPanel />
            </>
          ) : (
            <IssuersPanel />
          )}
        </TabBar>
      )}
      {adding && (
        <CreateApplicationModal
          onClose={() => setAdding(false)}
          onCreated={(next) => {
            setAdding(false);
            setShown(next);
          }}
        />
      )}
      {shown && <SecretDialog shown={shown} onClose={() => setShown(null)} />}
    </>
  );
}
