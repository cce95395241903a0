/**
 * `/orgs/join?token=…`, the link of an invitation e-mail. It works for every visitor: signed in
 * (join or decline), signed out with an account (sign in, then back here), signed out without
 * one (choose a name and password: the account is created and joined in one step, then signed
 * in). An expired, cancelled, used or unknown link says which, instead of a form that would fail.
 * A chunk of its own: it loads the application's texts and nothing of the areas.
 */
import { loadAppTexts } from '../lib/app-texts.js';
import { useTranslation } from '../lib/i18n.js';
import { useSession } from '../session/use-session.js';
import { Card, LoadingCard } from '../ui/Card.js';
import { errorStatus } from '../ui/QueryError.js';
import { ClosedInvitation } from './ClosedInvitation.js';
import { JoinAsMember } from './JoinAsMember.js';
import { useInvitation } from './queries.js';
import { RegisterAndJoin } from './RegisterAndJoin.js';
import { SignInToJoin } from './SignInToJoin.js';
import './invitation.css';

await loadAppTexts();

export function InvitationPage() {
  const { t } = useTranslation();
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const session = useSession();
  const invitation = useInvitation(token);

  if (!token) return <ClosedInvitation status="unknown" />;
  if (invitation.isPending || session.isPending) return <LoadingCard />;
  if (invitation.isError) {
    const status = errorStatus(invitation.error);
    // 400: not even shaped like a token; 404: no invitation has it.
    if (status === 400 || status === 404) return <ClosedInvitation status="unknown" />;
    return (
      <Card title={t('invitation.loadFailedTitle')}>
        <p>{t('invitation.loadFailed')}</p>
      </Card>
    );
  }
  const invite = invitation.data;
  if (!invite.valid) return <ClosedInvitation status={invite.status} orgName={invite.orgName} />;
  if (session.data) return <JoinAsMember token={token} invite={invite} session={session.data} />;
  if (invite.accountExists) return <SignInToJoin invite={invite} />;
  return <RegisterAndJoin token={token} invite={invite} />;
}
