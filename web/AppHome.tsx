/**
 * The application shell's landing page: who is signed in, with the way to the account settings
 * and out. Not signed in → the sign-in card, coming back here afterwards.
 */
import { useEffect } from 'react';
import { Link } from 'react-aria-components';
import { useTranslation } from './lib/i18n.js';
import type { Session } from '../shared/identity-session.js';
import { goTo } from './lib/navigate.js';
import { useSession } from './session/use-session.js';
import { Card, LoadingCard } from './ui/Card.js';
import './ui/button.css';

export function displayName(session: Session): string {
  const traits = session.identity.traits as { email?: unknown; username?: unknown; name?: { first?: unknown; last?: unknown } };
  const name = [traits.name?.first, traits.name?.last].filter((part) => typeof part === 'string' && part).join(' ');
  if (name) return name;
  for (const value of [traits.email, traits.username]) if (typeof value === 'string' && value) return value;
  return session.identity.id;
}

export function AppHome() {
  const { t } = useTranslation();
  const session = useSession();
  const anonymous = session.isSuccess && session.data === null;
  useEffect(() => {
    if (anonymous) goTo(`/login?return_to=${encodeURIComponent(window.location.href)}`, { replace: true });
  }, [anonymous]);
  if (!session.data) return <LoadingCard />;
  return (
    <Card title={t('home.title')}>
      <p>{t('home.signedInAs', { name: displayName(session.data) })}</p>
      <div className="card-actions">
        <Link className="button button-secondary" href="/logout">
          {t('home.logout')}
        </Link>
        <Link className="button button-primary" href="/settings">
          {t('home.settings')}
        </Link>
      </div>
    </Card>
  );
}
