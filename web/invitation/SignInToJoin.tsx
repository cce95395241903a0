/** The invited address has an account: sign in with it and come back to this link to join. */
import { useTranslation } from '../lib/i18n.js';
import { AppLink } from '../ui/AppLink.js';
import { Card } from '../ui/Card.js';
import type { Invitation } from './invitation-types.js';
import { InvitationSummary } from './InvitationSummary.js';

export function SignInToJoin({ invite }: { invite: Invitation }) {
  const { t } = useTranslation();
  const back = encodeURIComponent(window.location.href);
  return (
    <Card title={t('invitation.title', { org: invite.orgName })}>
      <InvitationSummary invite={invite} />
      <p>{t('invitation.signInText', { email: invite.email })}</p>
      <div className="card-actions">
        <AppLink className="button button-primary" href={`/login?return_to=${back}`}>
          {t('invitation.signIn')}
        </AppLink>
      </div>
    </Card>
  );
}
