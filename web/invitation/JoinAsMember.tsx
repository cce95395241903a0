/**
 * Signed in: join or decline. An invitation belongs to the address it was sent to, so someone
 * signed in with another address is told so and may sign out here to continue with the right one.
 */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { Session } from '../../shared/identity-session.js';
import { endIdentitySession } from '../account/flow-api.js';
import { apiFailureOf } from '../lib/api-failure.js';
import { useTranslation } from '../lib/i18n.js';
import { goTo } from '../lib/navigate.js';
import { persistentStorage } from '../lib/persistent-storage.js';
import { notifySessionChanged } from '../session/session-events.js';
import { projectsPath } from '../shell/org-path.js';
import { Card } from '../ui/Card.js';
import { FormError } from '../ui/form/FormError.js';
import { toastStore } from '../ui/toast-store.js';
import type { Invitation } from './invitation-types.js';
import { InvitationSummary } from './InvitationSummary.js';
import { useJoin } from './queries.js';

export function JoinAsMember({ token, invite, session }: { token: string; invite: Invitation; session: Session }) {
  const { t } = useTranslation();
  const join = useJoin(token);
  const [failure, setFailure] = useState<string | null>(null);
  const signedInAs = typeof session.identity.traits.email === 'string' ? session.identity.traits.email : '';
  const sameAddress = signedInAs.toLowerCase() === invite.email.toLowerCase();

  async function answer(accept: boolean) {
    setFailure(null);
    try {
      await join.mutateAsync(accept);
    } catch (error) {
      const { status } = apiFailureOf(error);
      setFailure(status === 409 ? t('invitation.alreadyMember') : status === 403 ? t('invitation.otherAddress', { email: invite.email }) : t('invitation.answerFailed'));
      return;
    }
    if (!accept) return;
    persistentStorage.selectOrganization(invite.orgId, invite.orgName);
    toastStore.show(t('invitation.joined', { org: invite.orgName }), 'success');
    goTo(projectsPath(invite.orgId));
  }

  async function switchAccount() {
    await endIdentitySession().catch(() => undefined);
    notifySessionChanged();
  }

  if (!sameAddress) {
    return (
      <Card title={t('invitation.title', { org: invite.orgName })}>
        <InvitationSummary invite={invite} />
        <p>{t('invitation.wrongAccount', { signedInAs, email: invite.email })}</p>
        <div className="card-actions">
          <Button className="button button-primary" onPress={() => void switchAccount()}>
            {t('invitation.switchAccount')}
          </Button>
        </div>
      </Card>
    );
  }

  return (
    <Card title={t('invitation.title', { org: invite.orgName })}>
      <InvitationSummary invite={invite} />
      <FormError text={failure} />
      <div className="card-actions">
        <Button className="button button-primary" isPending={join.isPending && join.variables === true} onPress={() => void answer(true)}>
          {t('invitation.join', { org: invite.orgName })}
        </Button>
        <Button className="button button-secondary" isPending={join.isPending && join.variables === false} onPress={() => void answer(false)}>
          {t('invitation.decline')}
        </Button>
      </div>
    </Card>
  );
}
