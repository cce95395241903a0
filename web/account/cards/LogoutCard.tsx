/**
 * "Do you wish to log out?" For an OAuth2 logout (`?logout_challenge=`) the answer goes to the
 * provider through `/bff/logout`; in every case Yes ends the identity session and No goes back.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n.js';
import { isHttpError } from '../../lib/http.js';
import { goTo } from '../../lib/navigate.js';
import { notifySessionChanged } from '../../session/session-events.js';
import { Card } from '../../ui/Card.js';
import { endIdentitySession } from '../flow-api.js';
import { errorPageUrl } from '../flow-errors.js';
import { decideLogout } from '../oauth2/oauth2-api.js';
import '../../ui/button.css';

async function logOut(challenge: string | null): Promise<string> {
  let next = '/login';
  if (challenge) next = (await decideLogout({ logout_challenge: challenge, action: 'accept' })).redirect_to;
  try {
    await endIdentitySession();
  } catch (error) {
    // Already signed out (the session expired meanwhile): the answer is the same.
    if (!(isHttpError(error) && error.response?.status === 401)) throw error;
  }
  return next;
}

async function stay(challenge: string | null): Promise<string> {
  if (challenge) return (await decideLogout({ logout_challenge: challenge, action: 'reject' })).redirect_to;
  return '/';
}

export function LogoutCard() {
  const [challenge] = useState(() => new URLSearchParams(window.location.search).get('logout_challenge'));
  const decide = useMutation({
    mutationFn: (yes: boolean) => (yes ? logOut(challenge) : stay(challenge)),
    onSuccess: (next, yes) => {
      if (yes) notifySessionChanged();
      goTo(next);
    },
    onError: (error) => goTo(errorPageUrl(error)),
  });
  return <LogoutView busy={decide.isPending} onAnswer={(yes) => decide.mutate(yes)} />;
}

export function LogoutView({ busy = false, onAnswer }: { busy?: boolean; onAnswer: (yes: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Card title={t('logout.question')}>
      <div className="card-actions">
        <Button className="button button-secondary" isDisabled={busy} onPress={() => onAnswer(false)}>
          {t('logout.no')}
        </Button>
        <Button className="button button-primary" isPending={busy} onPress={() => onAnswer(true)}>
          {t('logout.yes')}
        </Button>
      </div>
    </Card>
  );
}
