/**
 * "Are you sure?" with Confirm and Cancel. With `typedConfirmation` (an organisation's name, say)
 * Confirm stays disabled until exactly that text is typed. An action that returns a promise keeps
 * the dialog open and busy until it settles; a failure is shown in the dialog.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { useTranslation } from '../lib/i18n.js';
import { TextField } from './form/TextField.js';
import { Modal } from './Modal.js';
import './button.css';

export interface ConfirmOptions {
  title?: string;
  message: ReactNode;
  confirmLabel?: string;
  /** The text the user must type before Confirm is enabled. */
  typedConfirmation?: string;
  /** A destructive action: Confirm is drawn in the danger colour. */
  destructive?: boolean;
}

export interface ConfirmModalProps extends ConfirmOptions {
  isOpen: boolean;
  onConfirm: () => unknown | Promise<unknown>;
  onCancel: () => void;
}

export function ConfirmModal({ isOpen, title, message, confirmLabel, typedConfirmation, destructive, onConfirm, onCancel }: ConfirmModalProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (isOpen) return;
    setTyped('');
    setFailed(false);
  }, [isOpen]);

  const word = typedConfirmation?.trim();
  const matches = !word || typed.trim() === word;
  // Said only once the typing cannot become the word any more, not while it is on its way.
  const mismatch = !!word && typed.length > 0 && !matches && !word.startsWith(typed.trim());

  async function confirm() {
    if (!matches || pending) return;
    setPending(true);
    setFailed(false);
    try {
      await onConfirm();
    } catch {
      setFailed(true);
    } finally {
      setPending(false);
    }
  }

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => !open && onCancel()}
      title={title ?? t('admin.confirmTitle')}
      role="alertdialog"
      isDismissable={!pending}
      footer={
        <>
          <Button className="button button-secondary" onPress={onCancel} isDisabled={pending}>
            {t('admin.cancel')}
          </Button>
          <Button className={destructive ? 'button button-danger' : 'button button-primary'} onPress={confirm} isDisabled={!matches} isPending={pending}>
            {confirmLabel ?? t('admin.confirm')}
          </Button>
        </>
      }
    >
      <div className="confirm-message">{message}</div>
      {word && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void confirm();
          }}
        >
          <TextField
            label={t('admin.typeToConfirm', { text: word })}
            value={typed}
            onChange={setTyped}
            error={mismatch ? t('admin.typedTextMismatch') : undefined}
            autoComplete="off"
            isRequired
            autoFocus
          />
        </form>
      )}
      {failed && (
        <p className="message message-error" role="alert">
          {t('toast.genericError')}
        </p>
      )}
    </Modal>
  );
}
