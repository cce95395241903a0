/**
 * `const confirm = useConfirm(); if (await confirm({ message })) …` — one confirmation dialog for
 * the whole area, answered true (Confirm) or false (Cancel, Escape, close).
 */
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { ConfirmModal, type ConfirmOptions } from './ConfirmModal.js';

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<ConfirmOptions | null>(null);
  const answer = useRef<((confirmed: boolean) => void) | null>(null);

  const settle = useCallback((confirmed: boolean) => {
    answer.current?.(confirmed);
    answer.current = null;
    setRequest(null);
  }, []);

  const confirm = useCallback<Confirm>(
    (options) =>
      new Promise<boolean>((resolve) => {
        // A second question replaces an unanswered first one, which counts as cancelled.
        answer.current?.(false);
        answer.current = resolve;
        setRequest(options);
      }),
    [],
  );

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <ConfirmModal {...(request ?? { message: '' })} isOpen={request !== null} onConfirm={() => settle(true)} onCancel={() => settle(false)} />
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs a ConfirmProvider around the component');
  return confirm;
}
