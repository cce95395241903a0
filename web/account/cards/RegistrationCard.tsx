/**
 * The registration card: social providers, then the traits with every way to secure the account
 * (password, e-mailed code, security key, passkey) in one form, since each of them submits the
 * traits too.
 */
import { useTranslation } from '../../lib/i18n.js';
import type { RegistrationFlow, UiText } from '../../../shared/identity-flow.js';
import { Card, FooterLink, LoadingCard } from '../../ui/Card.js';
import { Divider } from '../nodes/Divider.js';
import { FlowForm } from '../nodes/FlowForm.js';
import { FlowMessages } from '../nodes/NodeMessages.js';
import { hasGroup } from '../nodes/node-groups.js';
import { completesProviderSignUp } from '../nodes/validation-skip.js';
import { useFlow } from '../use-flow.js';
import { linkWithContext } from './flow-links.js';
import { FlowScripts } from './FlowScripts.js';
import { hiddenShared, isScript, oauth2ClientName } from './login-mode.js';

const MAIN_GROUPS = ['default', 'profile', 'password', 'code', 'webauthn', 'passkey'] as const;

export function RegistrationCard() {
  const { flow, notices, submitting, submit } = useFlow('registration');
  if (!flow) return <LoadingCard />;
  return <RegistrationView flow={flow} notices={notices} submitting={submitting} submit={submit} />;
}

export interface RegistrationViewProps {
  flow: RegistrationFlow;
  notices?: UiText[];
  submitting?: boolean;
  submit: (body: Record<string, unknown>) => unknown;
}

export function RegistrationView({ flow, notices = [], submitting = false, submit }: RegistrationViewProps) {
  const { t } = useTranslation();
  const nodes = flow.ui.nodes;
  // Back from a provider that did not share every required trait: only those, and Continue.
  const completing = nodes.some(completesProviderSignUp);
  const social = !completing && (hasGroup(nodes, 'oidc') || hasGroup(nodes, 'saml'));
  const clientName = oauth2ClientName(flow);
  return (
    <Card
      title={t('registration.title')}
      subtitle={completing ? t('registration.completeWithProvider') : clientName ? t('login.oauth2Subtitle', { clientName }) : undefined}
      footer={<FooterLink prompt={t('registration.loginPrompt')} label={t('registration.loginLink')} href={linkWithContext('/login')} />}
    >
      <FlowMessages messages={[...notices, ...(flow.ui.messages ?? [])]} />
      <FlowScripts nodes={nodes} />
      {completing && (
        <>
          <FlowForm flow={flow} groups={['default', 'oidc', 'saml']} filter={hiddenShared} onSubmit={submit} busy={submitting} submitOnEnter />
        </>
      )}
      {social && (
        <>
          <FlowForm flow={flow} groups={['default', 'oidc', 'saml']} filter={hiddenShared} onSubmit={submit} busy={submitting} />
          <Divider />
        </>
      )}
      {!completing && <FlowForm flow={flow} groups={MAIN_GROUPS} filter={(node) => !isScript(node)} onSubmit={submit} busy={submitting} separateGroups />}
    </Card>
  );
}
