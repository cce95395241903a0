/**
 * `const confirm = useConfirm(); if (await confirm({ message })) …` — one confirmation dialog for
 * the whole area, answered true (Confirm) or false (Cancel, Escape, close). The dialog's code is
 * fetched the first time a question is asked, so pages that never ask do not download it.
 */
import { createContext, lazy, Suspense, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import type { ConfirmOptions } from './ConfirmModal.js';

const ConfirmModal = lazy(async () => ({ default: (await import('./ConfirmModal.js')).ConfirmModal }));

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
      {request && (
        <Suspense fallback={null}>
          <ConfirmModal {...request} isOpen onConfirm={() => settle(true)} onCancel={() => settle(false)} />
        </Suspense>
      )}
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs a ConfirmProvider around the component');
  return confirm;
}
