/**
 * Loads the session before a page that needs it renders; a failed load goes to the error card
 * with the reason (spec §2, §8). The error card itself never redirects, so a broken identity
 * service cannot cause a loop.
 */
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../lib/i18n.js';
import { goTo } from '../lib/navigate.js';
import { LoadingCard } from '../ui/Card.js';
import { sessionFailure } from './session-api.js';
import { useSession } from './use-session.js';

export function SessionGate({ children, onErrorPage = false }: { children: ReactNode; onErrorPage?: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const failed = session.isError;

  useEffect(() => {
    if (failed && !onErrorPage) {
      goTo(`/error?error=${encodeURIComponent(sessionFailure(session.error, t('session.networkFailure')))}`, { replace: true });
    }
  }, [failed, onErrorPage, session.error, t]);

  if (session.isPending && !onErrorPage) return <LoadingCard />;
  if (failed && !onErrorPage) return <LoadingCard />;
  return <>{children}</>;
}
