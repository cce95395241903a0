/**
 * `/admin/orgs/:orgId/settings`: the organisation's name, legal details, contact and address, and
 * its logo.
 * Save waits for a change and Reset goes back to what is stored; those who may only read see the
 * same fields disabled. Deleting asks for the organisation's name to be typed.
 */
import { useMemo } from 'react';
import { Button } from 'react-aria-components';
import type { OrgSummary } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { goTo } from '../../lib/navigate.js';
import { persistentStorage } from '../../lib/persistent-storage.js';
import { projectsPath } from '../../shell/org-path.js';
import { usePermissions } from '../../shell/use-permissions.js';
import { useConfirm } from '../../ui/ConfirmProvider.js';
import { FormActions } from '../../ui/form/FormActions.js';
import { FormError } from '../../ui/form/FormError.js';
import { useFormState } from '../../ui/form/use-form-state.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { QueryError } from '../../ui/QueryError.js';
import { toastStore } from '../../ui/toast-store.js';
import { OrgFields } from '../orgs/OrgFields.js';
import { orgChecks, orgFormValues } from '../orgs/org-form.js';
import { OrgLogoPanel } from './OrgLogoPanel.js';
import { useDeleteOrg, useOrg, useUpdateOrg } from './queries.js';
import '../admin.css';

export function OrgSettingsPage({ orgId }: { orgId: string }) {
  const { t } = useTranslation();
  const org = useOrg(orgId);
  if (org.isPending) return <div className="shell-loading spinner" />;
  if (org.isError) return <QueryError error={org.error} onRetry={() => void org.refetch()} />;
  return (
    <>
      <PageHeader title={t('admin.settings.title')} crumbs={[{ label: org.data.name, href: projectsPath(orgId) }, { label: t('shell.nav.settings') }]} />
      <OrgForm org={org.data} />
      <OrgLogoPanel org={org.data} />
      <DeleteOrg org={org.data} />
    </>
  );
}

function OrgForm({ org }: { org: OrgSummary }) {
  const { t } = useTranslation();
  const permissions = usePermissions({ orgId: org.id });
  const mayEdit = permissions.can('org:update');
  const update = useUpdateOrg(org.id);
  const stored = useMemo(() => orgFormValues(org), [org]);
  const form = useFormState(stored, orgChecks(t));

  const save = form.handleSubmit(
    async (values) => {
      await update.mutateAsync(values);
      toastStore.show(t('admin.settings.saved'), 'success');
    },
    (failure) => (failure.status === 409 ? t('admin.orgs.duplicateName', { name: form.values.name.trim() }) : undefined),
  );

  return (
    <form className="panel" aria-labelledby="org-details-title" noValidate onSubmit={save}>
      <h2 id="org-details-title" className="panel-title">
        {t('admin.settings.details')}
      </h2>
      <p className="panel-text">{mayEdit ? t('admin.settings.detailsText') : t('admin.settings.readOnly')}</p>
      <OrgFields field={form.field} isDisabled={!mayEdit} />
      <FormError text={form.formError} />
      {mayEdit && <FormActions dirty={form.dirty} pending={form.pending} onReset={form.reset} />}
    </form>
  );
}

function DeleteOrg({ org }: { org: OrgSummary }) {
  const { t } = useTranslation();
  const permissions = usePermissions({ orgId: org.id });
  const confirm = useConfirm();
  const remove = useDeleteOrg(org.id);
  if (!permissions.can('org:delete')) return null;

  async function deleteOrg() {
    const sure = await confirm({
      title: t('admin.settings.deleteTitle', { name: org.name }),
      message: t('admin.settings.deleteText'),
      typedConfirmation: org.name,
      confirmLabel: t('admin.settings.delete'),
      destructive: true,
    });
    if (!sure) return;
    try {
      await remove.mutateAsync();
    } catch {
      toastStore.show(t('admin.settings.deleteFailed'), 'error');
      return;
    }
    if (persistentStorage.get().currentOrganizationId === org.id) persistentStorage.clearOrganization();
    toastStore.show(t('admin.settings.deleted', { name: org.name }), 'success');
    goTo('/', { replace: true });
  }

  return (
    <section className="panel panel-danger" aria-labelledby="org-delete-title">
      <div className="panel-row">
        <div>
          <h2 id="org-delete-title" className="panel-title">
            {t('admin.settings.deleteTitle', { name: org.name })}
          </h2>
          <p className="panel-text">{t('admin.settings.deleteText')}</p>
        </div>
        <Button className="button button-danger" isPending={remove.isPending} onPress={() => void deleteOrg()}>
          {t('admin.settings.delete')}
        </Button>
      </div>
    </section>
  );
}
