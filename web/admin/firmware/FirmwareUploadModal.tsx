/**
 * Uploading a firmware release: the device model, the version (read from the file name when it
 * holds one) and the change notes, then the file. The browser hashes the file first, streaming,
 * and sends the SHA-256 before the file, so the server can refuse a file damaged on the way; its
 * refusal is shown as it is meant: the file did not arrive intact, nothing was stored.
 */
import { useState } from 'react';
import type { FirmwareRelease } from '../../lib/api-types.js';
import { apiFailureOf } from '../../lib/api-failure.js';
import { useTranslation } from '../../lib/i18n.js';
import { TextField } from '../../ui/form/TextField.js';
import { useFormState } from '../../ui/form/use-form-state.js';
import { required } from '../../ui/form/validators.js';
import { UploadModal } from '../../ui/UploadModal.js';
import { fileSha256 } from './file-sha256.js';

const MODEL = /^[0-9A-Za-z][0-9A-Za-z ._-]{0,99}$/;
const VERSION = /^\d{1,9}\.\d{1,9}\.\d{1,9}(?:-[0-9A-Za-z.-]{1,64})?(?:\+[0-9A-Za-z.-]{1,64})?$/;
const VERSION_IN_NAME = /(\d{1,9}\.\d{1,9}\.\d{1,9}(?:-[0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*)?)/;

export interface FirmwareUploadModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  defaultModel: string;
  onUploaded: (release: FirmwareRelease) => void;
}

export function FirmwareUploadModal({ isOpen, onOpenChange, defaultModel, onUploaded }: FirmwareUploadModalProps) {
  // A fresh form every time the dialog opens.
  const [opening, setOpening] = useState(0);
  return (
    <UploadForm
      key={opening}
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) setOpening((n) => n + 1);
        onOpenChange(open);
      }}
      defaultModel={defaultModel}
      onUploaded={onUploaded}
    />
  );
}

function UploadForm({ isOpen, onOpenChange, defaultModel, onUploaded }: FirmwareUploadModalProps) {
  const { t } = useTranslation();
  const form = useFormState(
    { deviceModel: defaultModel, version: '', changeNotes: '' },
    {
      deviceModel: (value) => required(t)(value) ?? (MODEL.test(value.trim()) ? undefined : t('admin.firmware.modelInvalid')),
      version: (value) => (!value.trim() || VERSION.test(value.trim()) ? undefined : t('admin.firmware.versionInvalid')),
      changeNotes: required(t),
    },
  );

  return (
    <UploadModal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      url="/api/admin/firmware/releases"
      title={t('admin.firmware.upload')}
      isReady={form.isValid}
      // Without a version the server reads it from the file name, as the hint says.
      fields={{ deviceModel: form.values.deviceModel.trim(), changeNotes: form.values.changeNotes, ...(form.values.version.trim() ? { version: form.values.version.trim() } : {}) }}
      onFileChosen={(file) => {
        const found = VERSION_IN_NAME.exec(file.name)?.[1];
        if (found && !form.values.version.trim()) form.setValue('version', found);
      }}
      prepare={{
        label: t('admin.firmware.hashing'),
        run: async (file, onProgress, signal) => ({ fileHash: await fileSha256(file, onProgress, signal) }),
      }}
      describeFailure={(error) => {
        const failure = apiFailureOf(error);
        if (failure.field === 'fileHash') return t('admin.firmware.hashMismatch');
        if (failure.status === 409) return t('admin.firmware.duplicate', { model: form.values.deviceModel.trim(), version: form.values.version.trim() });
        if (failure.status === 413) return t('admin.firmware.tooLarge');
        if (failure.status === 400 && failure.reason) return t('admin.firmware.refused', { reason: failure.reason });
        return undefined;
      }}
      onUploaded={(response) => onUploaded(response.data as FirmwareRelease)}
    >
      <div className="form-grid">
        <TextField label={t('admin.firmware.model')} isRequired maxLength={100} {...form.field('deviceModel')} />
        <TextField label={t('admin.firmware.version')} maxLength={200} description={t('admin.firmware.versionHint')} {...form.field('version')} />
      </div>
      <TextField label={t('admin.firmware.notes')} isRequired rows={4} maxLength={20_000} {...form.field('changeNotes')} />
    </UploadModal>
  );
}
