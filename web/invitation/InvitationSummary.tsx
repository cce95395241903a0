/** Who invites whom to which organisation in which role, above every way of answering. */
import { useTranslation } from '../lib/i18n.js';
import type { Invitation } from './invitation-types.js';

export function InvitationSummary({ invite }: { invite: Invitation }) {
  const { t } = useTranslation();
  const role = t(`shell.roles.${invite.role}`);
  return (
    <div className="invitation-summary">
      <p className="invitation-org">{invite.orgName}</p>
      <p>{invite.invitedBy ? t('invitation.invitedBy', { name: invite.invitedBy, role }) : t('invitation.invitedAs', { role })}</p>
      <p className="invitation-email">{t('invitation.sentTo', { email: invite.email })}</p>
    </div>
  );
}
