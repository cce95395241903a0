/** A company form, a typed confirmation, an upload and each modal size, as a screen would use them. */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useTranslation } from '../../../web/lib/i18n.js';
import { Card } from '../../../web/ui/Card.js';
import { ConfirmProvider, useConfirm } from '../../../web/ui/ConfirmProvider.js';
import { Modal, type ModalSize } from '../../../web/ui/Modal.js';
import { UploadModal } from '../../../web/ui/UploadModal.js';
import '../../../web/ui/button.css';
import { CompanyForm } from './CompanyForm.js';

const SIZES: ModalSize[] = ['L', 'XL', '2XL', '4XL', 'full'];
const opened = new URLSearchParams(window.location.search).get('open');

function Actions() {
  const confirm = useConfirm();
  const [status, setStatus] = useState('');
  const [uploading, setUploading] = useState(opened === 'upload');
  const [size, setSize] = useState<ModalSize | null>(SIZES.find((s) => opened === `modal-${s}`) ?? null);

  async function deleteOrganisation() {
    const yes = await confirm({ message: 'Delete the organisation Acme GmbH with all its devices?', typedConfirmation: 'Acme GmbH', confirmLabel: 'Delete', destructive: true });
    setStatus(yes ? 'Organisation deleted' : 'Nothing deleted');
  }

  return (
    <section aria-label="Dialogs" className="harness-actions">
      <Button className="button button-secondary" onPress={deleteOrganisation}>
        Delete organisation
      </Button>
      <Button className="button button-secondary" onPress={() => setUploading(true)}>
        Upload floor plan
      </Button>
      {SIZES.map((s) => (
        <Button key={s} className="button button-secondary" onPress={() => setSize(s)}>
          {`Modal ${s}`}
        </Button>
      ))}
      <p role="status">{status}</p>
      <UploadModal
        isOpen={uploading}
        onOpenChange={setUploading}
        url="/upload"
        accept={['image/*', '.pdf', '.bin']}
        onUploaded={(response) => setStatus(`Uploaded ${(response.data as { name: string; bytes: number }).name} (${(response.data as { bytes: number }).bytes} bytes)`)}
      />
      <Modal isOpen={size !== null} onOpenChange={(open) => !open && setSize(null)} title={`Modal ${size ?? ''}`} size={size ?? 'L'}>
        {Array.from({ length: 40 }, (_, i) => (
          <p key={i}>{`Line ${i + 1} of a body taller than the viewport, so that it scrolls inside the dialog.`}</p>
        ))}
      </Modal>
    </section>
  );
}

export function Harness() {
  const { t } = useTranslation();
  return (
    <ConfirmProvider>
      <Card title="Shared UI pieces" wide subtitle={t('admin.uploadHint')}>
        <CompanyForm />
        <Actions />
      </Card>
      {opened === 'confirm' && <OpenConfirm />}
    </ConfirmProvider>
  );
}

function OpenConfirm() {
  const confirm = useConfirm();
  const [asked, setAsked] = useState(false);
  if (!asked) {
    setAsked(true);
    queueMicrotask(
      () => void confirm({ message: 'Delete the organisation Acme GmbH with all its devices?', typedConfirmation: 'Acme GmbH', confirmLabel: 'Delete', destructive: true }),
    );
  }
  return null;
}
