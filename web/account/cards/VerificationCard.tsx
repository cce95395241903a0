/** Verification: the code-flow card, offering "Sign up" only to someone who is not signed in. */
import { useTranslation } from '../../lib/i18n.js';
import { useSession } from '../../session/use-session.js';
import { LoadingCard } from '../../ui/Card.js';
import { useFlow } from '../use-flow.js';
import { CodeFlowView } from './CodeFlowCard.js';
import { linkWithContext } from './flow-links.js';

export function VerificationCard() {
  const { t } = useTranslation();
  const state = useFlow('verification');
  // Someone signed in already has an account: no "Sign up" for them, before or after verifying.
  // Offered only once the session read has answered "nobody": a submit forgets the session, and
  // the card must not flash the link while it is read again.
  const session = useSession();
  const offerSignUp = session.isSuccess && session.data === null;
  if (!state.flow) return <LoadingCard />;
  const texts = {
    title: t('verification.title'),
    footer: offerSignUp ? { prompt: t('verification.signupPrompt'), link: t('verification.signupLink'), href: linkWithContext('/registration') } : undefined,
  };
  return <CodeFlowView flow={state.flow} texts={texts} notices={state.notices} submitting={state.submitting} submit={state.submit} />;
}
