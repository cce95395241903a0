/**
 * The organisation's logo, shown on the cover of its survey reports: the current one (or a word
 * that there is none), replaced through the upload dialog and removed after a confirmation, by
 * those who may change the organisation.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import type { OrgSummary } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { usePermissions } from '../../shell/use-permissions.js';
import { useConfirm } from '../../ui/ConfirmProvider.js';
import { QueryError } from '../../ui/QueryError.js';
import { toastStore } from '../../ui/toast-store.js';
import { UploadModal } from '../../ui/UploadModal.js';
import { logoKey, useOrgLogo, useRemoveOrgLogo } from './queries.js';

const ACCEPT = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** An object URL for the image while it is shown, released afterwards. */
function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return setUrl(null);
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

export function OrgLogoPanel({ org }: { org: OrgSummary }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const logo = useOrgLogo(org.id);
  const remove = useRemoveOrgLogo(org.id);
  const mayEdit = usePermissions({ orgId: org.id }).can('org:update');
  const confirm = useConfirm();
  const [uploading, setUploading] = useState(false);
  const url = useObjectUrl(logo.data);

  async function removeLogo() {
    const sure = await confirm({
      title: t('admin.settings.logoRemoveTitle'),
      message: t('admin.settings.logoRemoveText'),
      confirmLabel: t('admin.settings.logoRemove'),
      destructive: true,
    });
    if (!sure) return;
    try {
      await remove.mutateAsync();
      toastStore.show(t('admin.settings.logoRemoved'), 'success');
    } catch {
      toastStore.show(t('admin.settings.logoRemoveFailed'), 'error');
    }
  }

  return (
    <section className="panel" aria-labelledby="org-logo-title">
      <h2 id="org-logo-title" className="panel-title">
        {t('admin.settings.logoTitle')}
      </h2>
      <p className="panel-text">{t('admin.settings.logoText')}</p>
      {logo.isError ? (
        <QueryError error={logo.error} onRetry={() => void logo.refetch()} />
      ) : logo.isPending ? (
        <div className="spinner" aria-label={t('common.loading')} />
      ) : url ? (
        <img className="org-logo" src={url} alt={t('admin.settings.logoAlt', { name: org.name })} />
      ) : (
        <p className="panel-text">{t('admin.settings.logoNone')}</p>
      )}
      {mayEdit && (
        <div className="panel-row-actions">
          <Button className="button button-secondary" onPress={() => setUploading(true)}>
            {url ? t('admin.settings.logoReplace') : t('admin.settings.logoUpload')}
          </Button>
          {url && (
            <Button className="button button-danger" isPending={remove.isPending} onPress={() => void removeLogo()}>
              {t('admin.settings.logoRemove')}
            </Button>
          )}
        </div>
      )}
      <UploadModal
        isOpen={uploading}
        onOpenChange={setUploading}
        url={`/api/orgs/${encodeURIComponent(org.id)}/logo`}
        method="PUT"
        accept={ACCEPT}
        title={t('admin.settings.logoUpload')}
        onUploaded={() => {
          setUploading(false);
          toastStore.show(t('admin.settings.logoSaved'), 'success');
          void client.invalidateQueries({ queryKey: logoKey(org.id) });
        }}
      />
    </section>
  );
}
