/**
 * Adding or changing a social sign-in provider: its id (part of the callback address, fixed once
 * made), kind, label, client id and secret, and the issuer or tenant its kind needs. The secret is
 * write-only: it is never shown, and left empty it stays as it is. Saved against the revision the
 * list was read at; when someone else saved meanwhile the dialog offers to reload.
 */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { apiFailureOf } from '../../lib/api-failure.js';
import { useTranslation } from '../../lib/i18n.js';
import { CopyButton } from '../../ui/CopyButton.js';
import { FormError } from '../../ui/form/FormError.js';
import { PasswordField } from '../../ui/form/PasswordField.js';
import { SelectField } from '../../ui/form/SelectField.js';
import { TextField } from '../../ui/form/TextField.js';
import { useFormState } from '../../ui/form/use-form-state.js';
import { Modal } from '../../ui/Modal.js';
import { toastStore } from '../../ui/toast-store.js';
import { ConflictNotice } from './ConflictNotice.js';
import type { PlatformProject } from './platform-types.js';
import { usePatchProject } from './queries.js';
import {
  addProviderOperations,
  editProviderOperations,
  EMPTY_PROVIDER,
  PROVIDER_ID,
  PROVIDER_KINDS,
  providersOf,
  TENANT,
  valuesOfProvider,
  type ProviderValues,
} from './social-providers.js';

interface Props {
  project: PlatformProject;
  /** The provider's place in the list when changing one; absent when adding. */
  index?: number;
  onClose: () => void;
  onReload: () => Promise<unknown>;
}

export function ProviderModal({ project: current, index, onClose, onReload }: Props) {
  const { t } = useTranslation();
  // The list this change is made against, as it was when the dialog opened.
  const [project] = useState(current);
  const providers = providersOf(project);
  const editing = index === undefined ? undefined : providers[index];
  const [initial] = useState(() => (editing ? valuesOfProvider(editing) : EMPTY_PROVIDER));
  const patch = usePatchProject(project.id);
  const [conflict, setConflict] = useState(false);
  // The kind decides which of issuer and tenant is asked for, so their checks read it.
  const [kind, setKind] = useState(initial.provider);
  const form = useFormState(initial, {
    id: (value) => {
      if (editing) return undefined;
      if (!PROVIDER_ID.test(value.trim())) return t('platformAdmin.providers.idInvalid');
      return providers.some((p) => p.id === value.trim()) ? t('platformAdmin.providers.idTaken') : undefined;
    },
    provider: (value) => (value ? undefined : t('admin.fieldRequired')),
    clientId: (value) => (value.trim() ? undefined : t('admin.fieldRequired')),
    issuer: (value) => {
      if (kind !== 'generic' || URL.canParse(value.trim())) return undefined;
      return value.trim() ? t('platformAdmin.providers.issuerInvalid') : t('admin.fieldRequired');
    },
    tenant: (value) => {
      if (kind !== 'microsoft' || TENANT.test(value.trim())) return undefined;
      return value.trim() ? t('platformAdmin.providers.tenantInvalid') : t('admin.fieldRequired');
    },
  });
  const kindField = form.field('provider');

  const submit = form.handleSubmit(
    async (values: ProviderValues) => {
      const operations = editing && index !== undefined ? editProviderOperations(project, index, values) : addProviderOperations(project, values);
      if (operations.length > 0) {
        try {
          await patch.mutateAsync({ revisionId: project.revision_id, operations });
        } catch (error) {
          if (apiFailureOf(error).status === 409) setConflict(true);
          throw error;
        }
      }
      toastStore.show(t(editing ? 'platformAdmin.providers.saved' : 'platformAdmin.providers.added', { id: values.id.trim() }), 'success');
      onClose();
    },
    (failure) => {
      if (failure.status === 409) return t('platformAdmin.conflict');
      if (failure.status === 400 && failure.reason) return t('platformAdmin.refused', { reason: failure.reason });
      return undefined;
    },
  );

  const callback = `${globalThis.location?.origin ?? ''}/.ory/self-service/methods/oidc/callback/${form.values.id.trim() || 'id'}`;

  return (
    <Modal
      isOpen
      size="2XL"
      isDismissable={!form.pending}
      onOpenChange={(open) => !open && onClose()}
      title={editing ? t('platformAdmin.providers.editTitle', { id: editing.id }) : t('platformAdmin.providers.addTitle')}
      footer={
        <>
          <Button className="button button-secondary" onPress={onClose}>
            {t('admin.cancel')}
          </Button>
          <Button className="button button-primary" type="submit" form="platform-provider" isPending={form.pending} isDisabled={!!editing && !form.dirty}>
            {editing ? t('platformAdmin.providers.save') : t('platformAdmin.providers.addSubmit')}
          </Button>
        </>
      }
    >
      <form id="platform-provider" className="config-fields" noValidate onSubmit={(event) => void submit(event)}>
        {editing ? (
          <dl className="facts">
            <dt>{t('platformAdmin.providers.id')}</dt>
            <dd>
              <code>{editing.id}</code>
            </dd>
          </dl>
        ) : (
          <TextField
            label={t('platformAdmin.providers.id')}
            description={t('platformAdmin.providers.idHint')}
            isRequired
            autoFocus
            autoComplete="off"
            maxLength={40}
            {...form.field('id')}
          />
        )}
        <div className="provider-callback">
          <p className="field-label">{t('platformAdmin.providers.callback')}</p>
          <p className="field-hint">{t('platformAdmin.providers.callbackHint')}</p>
          <div className="secret-box">
            <code>{callback}</code>
            <CopyButton value={callback} label={t('platformAdmin.providers.copyCallback')} className="button button-secondary button-small" />
          </div>
        </div>
        <div className="form-grid">
          <SelectField
            label={t('platformAdmin.providers.kind')}
            isRequired
            options={PROVIDER_KINDS.map((id) => ({ id, label: t(`platformAdmin.providers.kinds.${id}`) }))}
            {...kindField}
            onChange={(value) => {
              setKind(value);
              kindField.onChange(value);
            }}
          />
          <TextField label={t('platformAdmin.providers.label')} description={t('platformAdmin.providers.labelHint')} autoComplete="off" maxLength={100} {...form.field('label')} />
        </div>
        {kind === 'generic' && (
          <TextField
            label={t('platformAdmin.providers.issuer')}
            description={t('platformAdmin.providers.issuerHint')}
            isRequired
            type="url"
            autoComplete="off"
            placeholder="https://sso.example.com"
            {...form.field('issuer')}
          />
        )}
        {kind === 'microsoft' && (
          <TextField
            label={t('platformAdmin.providers.tenant')}
            description={t('platformAdmin.providers.tenantHint')}
            isRequired
            autoComplete="off"
            maxLength={100}
            {...form.field('tenant')}
          />
        )}
        <div className="form-grid">
          <TextField label={t('platformAdmin.providers.clientId')} isRequired autoComplete="off" maxLength={500} {...form.field('clientId')} />
          <PasswordField
            label={t('platformAdmin.providers.clientSecret')}
            description={editing ? t('platformAdmin.providers.secretKeepHint') : t('platformAdmin.providers.secretHint')}
            {...form.field('clientSecret')}
          />
        </div>
        <TextField label={t('platformAdmin.providers.scopes')} description={t('platformAdmin.providers.scopesHint')} autoComplete="off" {...form.field('scopes')} />
        {conflict ? (
          <ConflictNotice
            onReload={async () => {
              await onReload();
              onClose();
            }}
          />
        ) : (
          <FormError text={form.formError} />
        )}
      </form>
    </Modal>
  );
}
