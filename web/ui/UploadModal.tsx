/**
 * 'Upload file': choose a file by click or drag and drop, send it with upload progress. Cancel
 * (or Escape) aborts a running upload; a refused file type or a failed upload is said in the dialog.
 * A form may add fields of its own above the file, and a step that reads the file before it is
 * sent (a checksum), with its own progress.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, DropZone, FileTrigger, isFileDropItem, ProgressBar, type DropItem } from 'react-aria-components';
import type { HttpResponse } from '../lib/http.js';
import { isHttpError } from '../lib/http.js';
import { useTranslation } from '../lib/i18n.js';
import { uploadFile } from '../lib/upload.js';
import { acceptsFile, mayAcceptDrag } from './accept-file.js';
import { Modal } from './Modal.js';
import './button.css';
import './UploadModal.css';

export interface UploadModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Where the file is sent (multipart/form-data). */
  url: string;
  /** POST (the default) adds a file; PUT replaces the one the URL names. */
  method?: 'POST' | 'PUT';
  fieldName?: string;
  fields?: Record<string, string>;
  /** MIME types, `type/*` families or `.ext` extensions. */
  accept?: readonly string[];
  title?: string;
  onUploaded?: (response: HttpResponse) => void;
  /** Further fields of the form, above the file. */
  children?: ReactNode;
  /** False while those fields are not filled in correctly: Upload waits. */
  isReady?: boolean;
  /** Told the chosen file (a form may take a version from its name). */
  onFileChosen?: (file: File) => void;
  /** Reads the file before sending it; the fields it answers are sent before the file. */
  prepare?: { label: string; run: (file: File, onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<Record<string, string>> };
  /** The sentence for a refused upload the form knows better than "the upload failed". */
  describeFailure?: (error: unknown) => string | undefined;
}

type Phase = 'preparing' | 'sending';

export function UploadModal(props: UploadModalProps) {
  const { isOpen, onOpenChange, url, method, fieldName, fields, accept, title, onUploaded, children, isReady = true, onFileChosen, prepare, describeFailure } = props;
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [phase, setPhase] = useState<Phase>('sending');
  const [error, setError] = useState<string | null>(null);
  const upload = useRef<AbortController | null>(null);
  const uploading = progress !== null;

  useEffect(() => {
    if (isOpen) return;
    upload.current?.abort();
    setFile(null);
    setProgress(null);
    setError(null);
  }, [isOpen]);

  function choose(candidate: File | undefined) {
    if (!candidate || uploading) return;
    if (!acceptsFile(candidate, accept)) {
      setFile(null);
      setError(t('admin.uploadTypeRejected', { types: accept?.join(', ') }));
      return;
    }
    setError(null);
    setFile(candidate);
    onFileChosen?.(candidate);
  }

  async function dropped(items: DropItem[]) {
    const item = items.find(isFileDropItem);
    choose(item ? await item.getFile() : undefined);
  }

  async function start() {
    if (!file || uploading) return;
    const controller = new AbortController();
    upload.current = controller;
    setError(null);
    setProgress(0);
    try {
      let sent = fields;
      if (prepare) {
        setPhase('preparing');
        sent = { ...fields, ...(await prepare.run(file, setProgress, controller.signal)) };
        setProgress(0);
      }
      setPhase('sending');
      const response = await uploadFile(url, file, { method, fieldName, fields: sent, signal: controller.signal, onProgress: setProgress });
      onUploaded?.(response);
      onOpenChange(false);
    } catch (failure) {
      if (!controller.signal.aborted && !(isHttpError(failure) && failure.code === 'ERR_CANCELED')) setError(describeFailure?.(failure) ?? t('admin.uploadFailed'));
      setProgress(null);
    } finally {
      upload.current = null;
    }
  }

  function cancel() {
    upload.current?.abort();
    onOpenChange(false);
  }

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => (open ? onOpenChange(true) : cancel())}
      title={title ?? t('admin.uploadTitle')}
      footer={
        <>
          <Button className="button button-secondary" onPress={cancel}>
            {t('admin.cancel')}
          </Button>
          <Button className="button button-primary" onPress={start} isDisabled={!file || !isReady} isPending={uploading}>
            {t('admin.uploadButton')}
          </Button>
        </>
      }
    >
      {children}
      <DropZone
        className="drop-zone"
        aria-label={t('admin.uploadHint')}
        isDisabled={uploading}
        getDropOperation={(types) => (mayAcceptDrag((type) => types.has(type), accept) ? 'copy' : 'cancel')}
        onDrop={(event) => void dropped(event.items)}
      >
        {({ isDropTarget }) => (
          <FileTrigger acceptedFileTypes={accept ? [...accept] : undefined} onSelect={(files) => choose(files?.[0])}>
            <Button className="drop-zone-button" isDisabled={uploading}>
              <span className="drop-zone-icon" aria-hidden="true" />
              <span className="drop-zone-hint">{isDropTarget ? t('admin.uploadDrop') : t('admin.uploadHint')}</span>
              <span className="drop-zone-choose">{t('admin.uploadChoose')}</span>
            </Button>
          </FileTrigger>
        )}
      </DropZone>
      {file && <p className="upload-file">{t('admin.uploadSelected', { name: file.name })}</p>}
      {uploading && (
        <ProgressBar className="upload-progress" value={Math.round(progress * 100)} aria-label={phase === 'preparing' && prepare ? prepare.label : t('admin.uploadProgress')}>
          {({ percentage, valueText }) => (
            <>
              <div className="upload-progress-track">
                <div className="upload-progress-fill" style={{ width: `${percentage ?? 0}%` }} />
              </div>
              <span className="upload-progress-value">
                {phase === 'preparing' && prepare ? `${prepare.label} ` : ''}
                {valueText}
              </span>
            </>
          )}
        </ProgressBar>
      )}
      {error && (
        <p className="message message-error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
