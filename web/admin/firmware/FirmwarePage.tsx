/**
 * `/admin/firmware` (global administrators): firmware releases by device model, newest first,
 * with their checksum and notes; uploading a release and deleting one.
 */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useQueryClient } from '@tanstack/react-query';
import type { FirmwareRelease } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { useListParams } from '../../lib/list-params.js';
import { useConfirm } from '../../ui/ConfirmProvider.js';
import { DataTable, type DataColumn } from '../../ui/DataTable.js';
import { DateText } from '../../ui/DateText.js';
import { FilterSelect } from '../../ui/FilterSelect.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { toastStore } from '../../ui/toast-store.js';
import { FirmwareUploadModal } from './FirmwareUploadModal.js';
import { firmwareKeys, useDeleteRelease, useReleaseModels, useReleases } from './queries.js';

export function FirmwarePage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useListParams<'newest'>({ sort: 'newest', sorts: ['newest'], filters: { model: '' } });
  const models = useReleaseModels();
  const model = params.filters.model ?? '';
  const query = useReleases({ deviceModel: model, page: params.page, perPage: params.perPage });
  const remove = useDeleteRelease();
  const confirm = useConfirm();
  const client = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const size = new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });

  async function deleteRelease(release: FirmwareRelease) {
    const name = `${release.deviceModel} ${release.version}`;
    const sure = await confirm({
      title: t('admin.firmware.deleteTitle', { name }),
      message: t('admin.firmware.deleteText'),
      confirmLabel: t('admin.firmware.delete'),
      destructive: true,
    });
    if (!sure) return;
    try {
      await remove.mutateAsync(release.id);
      toastStore.show(t('admin.firmware.deleted', { name }), 'success');
    } catch {
      toastStore.show(t('admin.firmware.deleteFailed'), 'error');
    }
  }

  const columns: DataColumn<FirmwareRelease, 'newest'>[] = [
    { id: 'version', header: t('admin.firmware.version'), isRowHeader: true, cell: (r) => <span className="cell-strong">{r.version}</span> },
    { id: 'model', header: t('admin.firmware.model'), cell: (r) => r.deviceModel },
    {
      id: 'file',
      header: t('admin.firmware.file'),
      cell: (r) => (
        <span className="file-cell">
          <span>{r.fileName}</span>
          <span className="file-meta">{size.format(r.size / 1_000_000)}</span>
        </span>
      ),
    },
    { id: 'sha256', header: 'SHA-256', cell: (r) => <code title={r.sha256}>{`${r.sha256.slice(0, 12)}…`}</code> },
    { id: 'notes', header: t('admin.firmware.notes'), cell: (r) => <span className="notes-cell">{r.changeNotes}</span> },
    { id: 'uploaded', header: t('admin.firmware.uploaded'), cell: (r) => <DateText date={r.createdAt} /> },
    {
      id: 'actions',
      header: t('admin.members.actions'),
      align: 'end',
      cell: (r) => (
        <button type="button" className="button button-small button-secondary" onClick={() => void deleteRelease(r)}>
          {t('admin.firmware.delete')}
        </button>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('admin.firmware.title')}
        subtitle={t('admin.firmware.subtitle')}
        actions={
          <Button className="button button-primary" onPress={() => setUploading(true)}>
            {t('admin.firmware.upload')}
          </Button>
        }
      />
      <FirmwareUploadModal
        isOpen={uploading}
        onOpenChange={setUploading}
        defaultModel={model}
        onUploaded={(release) => {
          void client.invalidateQueries({ queryKey: firmwareKeys.all });
          toastStore.show(t('admin.firmware.uploadedToast', { name: `${release.deviceModel} ${release.version}` }), 'success');
        }}
      />
      <div className="list-toolbar">
        <FilterSelect
          label={t('admin.firmware.model')}
          value={model}
          options={[{ value: '', label: t('shell.all') }, ...(models.data ?? []).map((value) => ({ value, label: value }))]}
          onChange={(value) => setParams({ filters: { model: value } })}
        />
      </div>
      <DataTable
        label={t('admin.firmware.title')}
        columns={columns}
        query={query}
        params={params}
        onParamsChange={setParams}
        empty={model ? t('shell.noMatches') : t('admin.firmware.empty')}
      />
    </>
  );
}
