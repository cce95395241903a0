/**
 * A dialog over the page: title, close button, Escape and a click outside close it, focus stays
 * inside while it is open. The body scrolls once it is taller than 80 % of the viewport.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Dialog, Heading, Modal as AriaModal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from '../lib/i18n.js';
import './Modal.css';

export type ModalSize = 'L' | 'XL' | '2XL' | '4XL' | 'full';

export interface ModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  size?: ModalSize;
  children: ReactNode;
  /** Buttons under the body (they do not scroll with it). */
  footer?: ReactNode;
  /** False while something must finish first (an upload, a save): only its own buttons close it. */
  isDismissable?: boolean;
  /** For dialogs that must be answered, such as a confirmation. */
  role?: 'dialog' | 'alertdialog';
}

export function Modal({ isOpen, onOpenChange, title, size = 'L', children, footer, isDismissable = true, role = 'dialog' }: ModalProps) {
  const { t } = useTranslation();
  return (
    <ModalOverlay className="modal-overlay" isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={isDismissable} isKeyboardDismissDisabled={!isDismissable}>
      <AriaModal className={`modal modal-${size.toLowerCase()}`} data-size={size}>
        <Dialog className="modal-dialog" role={role}>
          <header className="modal-header">
            <Heading slot="title" className="modal-title">
              {title}
            </Heading>
            <Button className="modal-close" aria-label={t('common.close')} onPress={() => onOpenChange(false)} isDisabled={!isDismissable}>
              <span aria-hidden="true">×</span>
            </Button>
          </header>
          <ModalBody>{children}</ModalBody>
          {footer && <footer className="modal-footer">{footer}</footer>}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}

/** Keyboard users must reach a body that scrolls: it takes focus only then. */
function ModalBody({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const body = ref.current;
    if (!body || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(body.scrollHeight > body.clientHeight);
    const observer = new ResizeObserver(measure);
    observer.observe(body);
    for (const child of body.children) observer.observe(child);
    measure();
    return () => observer.disconnect();
  }, [children]);
  return (
    <div ref={ref} className="modal-body" tabIndex={scrolls ? 0 : undefined}>
      {children}
    </div>
  );
}
