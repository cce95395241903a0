/**
 * The project's PDF report for a reader without an account: which floors, which heatmaps, which
 * networks the tables list (none ticked: all) and its language (the reader's own by default).
 * While the server produces it the modal shows the bytes received under an indeterminate bar
 * (the size is not known until the end), Cancel stops it, and the finished file is saved as
 * "<project name>.pdf".
 */
import { useRef, useState } from 'react';
import { Button, ProgressBar } from 'react-aria-components';
import type { Project } from '../../lib/api-types.js';
import { isHttpError } from '../../lib/http.js';
import { useTranslation } from '../../lib/i18n.js';
import { LOCALES } from '../../../shared/locales.js';
import { CheckboxGroupField } from '../../ui/form/CheckboxGroupField.js';
import { FilterSelect } from '../../ui/FilterSelect.js';
import { Modal } from '../../ui/Modal.js';
import { QueryError } from '../../ui/QueryError.js';
import { toastStore } from '../../ui/toast-store.js';
import { useNamedNetworks } from '../statistics/queries.js';
import { useProjectFloors } from './queries.js';
import { fetchReport, reportFileName, reportUrl, saveBlob } from './report-download.js';
import './ReportModal.css';

const VIEWS = ['primary', 'secondary', 'snr', 'serving', 'coChannel', 'requirements'] as const;
const DEFAULT_VIEWS = ['primary', 'snr', 'requirements'];

function apiReason(error: unknown): string | undefined {
  if (!isHttpError(error)) return undefined;
  const data = error.response?.data as { error?: { reason?: string } } | undefined;
  return error.response?.status === 400 ? data?.error?.reason : undefined;
}

export function ReportModal({ project, onClose }: { project: Project; onClose: () => void }) {
  const { t, locale, i18n } = useTranslation();
  const floors = useProjectFloors(project.id);
  const networks = useNamedNetworks(project.id);
  const [chosenFloors, setChosenFloors] = useState<string[] | null>(null);
  const [views, setViews] = useState<string[]>(DEFAULT_VIEWS);
  const [chosenNetworks, setChosenNetworks] = useState<string[]>([]);
  const [lang, setLang] = useState<string>(locale);
  const [received, setReceived] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);

  const floorIds = floors.data?.items.map((f) => f.id) ?? [];
  const selectedFloors = chosenFloors ?? floorIds;
  const names = [...new Set((networks.data ?? []).map((n) => n.name).filter((n) => n !== ''))].sort((a, b) => a.localeCompare(b));
  const producing = received !== null;
  const noFloor = floorIds.length > 0 && selectedFloors.length === 0;
  const noView = views.length === 0;
  const megabytes = new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
  const kilobytes = new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 });
  const size = (bytes: number) => (bytes >= 1024 * 1024 ? megabytes.format(bytes / (1024 * 1024)) : kilobytes.format(bytes / 1024));

  async function download() {
    const controller = new AbortController();
    abort.current = controller;
    setReceived(0);
    try {
      const url = reportUrl(project.id, {
        floors: selectedFloors.length === floorIds.length ? 'all' : selectedFloors,
        views: VIEWS.filter((v) => views.includes(v)),
        networks: chosenNetworks,
        lang,
      });
      const blob = await fetchReport(url, { signal: controller.signal, onProgress: setReceived });
      saveBlob(blob, reportFileName(project.name));
      toastStore.show(t('survey.report.saved', { name: reportFileName(project.name) }), 'success');
      onClose();
    } catch (error) {
      if (controller.signal.aborted) return;
      const reason = apiReason(error);
      toastStore.show(reason ? t('survey.report.refused', { reason }) : t('survey.report.failed'), 'error');
      setReceived(null);
    } finally {
      abort.current = null;
    }
  }

  function cancel() {
    abort.current?.abort();
    onClose();
  }

  const loadError = floors.error ?? networks.error;
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && cancel()}
      title={t('survey.report.title')}
      size="XL"
      isDismissable={!producing}
      footer={
        <>
          <Button className="button button-secondary" onPress={cancel}>
            {t('common.cancel')}
          </Button>
          <Button className="button button-primary" onPress={() => void download()} isDisabled={producing || noFloor || noView || !floors.data} isPending={producing}>
            {t('survey.report.download')}
          </Button>
        </>
      }
    >
      {loadError ? (
        <QueryError
          error={loadError}
          onRetry={() => {
            void floors.refetch();
            void networks.refetch();
          }}
        />
      ) : (
        <div className="report-options">
          <p className="panel-text">{t('survey.report.intro')}</p>
          {floorIds.length > 0 && (
            <CheckboxGroupField
              label={t('survey.report.floors')}
              options={(floors.data?.items ?? []).map((f) => ({ value: f.id, label: f.name }))}
              value={selectedFloors}
              onChange={setChosenFloors}
              isDisabled={producing}
              {...(noFloor ? { description: t('survey.report.noFloor') } : {})}
            />
          )}
          <CheckboxGroupField
            label={t('survey.report.views')}
            options={VIEWS.map((v) => ({ value: v, label: t(`survey.viewer.views.${v}`) }))}
            value={views}
            onChange={setViews}
            isDisabled={producing}
            {...(noView ? { description: t('survey.report.noView') } : {})}
          />
          {names.length > 0 && (
            <CheckboxGroupField
              label={t('survey.report.networks')}
              description={t('survey.report.networksHint')}
              options={names.map((n) => ({ value: n, label: n }))}
              value={chosenNetworks}
              onChange={setChosenNetworks}
              isDisabled={producing}
            />
          )}
          <FilterSelect label={t('survey.report.language')} value={lang} options={LOCALES.map((l) => ({ value: l, label: t(`common.languages.${l}`) }))} onChange={setLang} />
        </div>
      )}
      {producing && (
        // An indeterminate bar has no value text of its own: the bytes received are told beside it.
        <ProgressBar className="report-progress" isIndeterminate aria-label={t('survey.report.producing')}>
          <span className="report-progress-label">{t('survey.report.producing')}</span>
          <div className="report-progress-track">
            <div className="report-progress-fill" />
          </div>
          <span className="report-progress-value" aria-live="polite">
            {t('survey.report.received', { size: size(received) })}
          </span>
        </ProgressBar>
      )}
    </Modal>
  );
}
