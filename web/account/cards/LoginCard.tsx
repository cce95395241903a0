/**
 * The sign-in card. Normal: social providers, then one form for the identifier with the code and
 * password methods (and security keys) that use it, then passkeys. Refresh or aal2: the primary
 * form is hidden; each second factor is its own form, separated by dividers, under the
 * identifier being confirmed.
 */
import { Fragment, type ReactElement } from 'react';
import { useTranslation } from '../../lib/i18n.js';
import type { LoginFlow } from '../../../shared/identity-flow.js';
import { AppLink } from '../../ui/AppLink.js';
import { Card, FooterLink, LoadingCard } from '../../ui/Card.js';
import { Divider } from '../nodes/Divider.js';
import { FlowForm } from '../nodes/FlowForm.js';
import { FlowMessages } from '../nodes/NodeMessages.js';
import { hasGroup } from '../nodes/node-groups.js';
import { useFlow } from '../use-flow.js';
import { linkWithContext } from './flow-links.js';
import { FlowScripts } from './FlowScripts.js';
import { hasMainForm, hiddenIdentifier, hiddenShared, isScript, loginMode, MAIN_GROUPS, oauth2ClientName, offeredGroups, SECOND_FACTOR_GROUPS, TITLE_KEY } from './login-mode.js';

function isTypedInput(node: LoginFlow['ui']['nodes'][number]): boolean {
  const { attributes } = node;
  return attributes.node_type === 'input' && !['hidden', 'submit', 'button', 'checkbox'].includes(attributes.type);
}

export function LoginCard() {
  const { flow, notices, submitting, submit } = useFlow('login');
  if (!flow) return <LoadingCard />;
  return <LoginView flow={flow} notices={notices} submitting={submitting} submit={submit} />;
}

export interface LoginViewProps {
  flow: LoginFlow;
  notices?: LoginFlow['ui']['messages'];
  submitting?: boolean;
  submit: (body: Record<string, unknown>) => unknown;
}

export function LoginView({ flow, notices = [], submitting = false, submit }: LoginViewProps) {
  const { t } = useTranslation();
  const mode = loginMode(flow);
  const nodes = flow.ui.nodes;
  const clientName = oauth2ClientName(flow);
  const messages = [...notices, ...(flow.ui.messages ?? [])];
  const notScript = (node: (typeof nodes)[number]) => !isScript(node);

  const sections: { key: string; element: ReactElement }[] = [];
  if (mode === 'normal') {
    if (hasGroup(nodes, 'oidc') || hasGroup(nodes, 'saml')) {
      sections.push({
        key: 'social',
        element: <FlowForm flow={flow} groups={['default', 'oidc', 'saml']} filter={hiddenShared} onSubmit={submit} busy={submitting} label={t('login.socialSection')} />,
      });
    }
    if (hasMainForm(nodes)) {
      sections.push({
        key: 'main',
        element: (
          <FlowForm
            flow={flow}
            groups={MAIN_GROUPS}
            filter={notScript}
            onSubmit={submit}
            busy={submitting}
            submitOnEnter
            separateGroups
            label={hasGroup(nodes, 'password') ? t('login.passwordSection') : t('login.codeSection')}
            after={{
              password: (
                <p className="forgot-password">
                  <AppLink className="link" href={linkWithContext('/recovery')}>
                    {t('login.forgotPassword')}
                  </AppLink>
                </p>
              ),
            }}
          />
        ),
      });
    }
    if (hasGroup(nodes, 'passkey')) {
      sections.push({
        key: 'passkey',
        element: (
          <FlowForm flow={flow} groups={['default', 'passkey']} filter={hiddenShared} onSubmit={submit} busy={submitting} submitOnEnter label={t('login.passwordlessSection')} />
        ),
      });
    }
  } else {
    // Confirming with a second factor or the password again: the keyboard starts in the first
    // field to type in (the code), not on the page.
    const typed = offeredGroups(nodes, SECOND_FACTOR_GROUPS).find((group) => nodes.some((node) => node.group === group && isTypedInput(node)));
    offeredGroups(nodes, SECOND_FACTOR_GROUPS).forEach((group) => {
      sections.push({
        key: group,
        element: (
          <FlowForm
            flow={flow}
            groups={['default', group]}
            filter={(node) => hiddenShared(node) && notScript(node)}
            onSubmit={submit}
            busy={submitting}
            submitOnEnter
            autoFocus={group === typed}
          />
        ),
      });
    });
  }

  const identifier = mode === 'normal' ? undefined : hiddenIdentifier(nodes);
  const footer =
    mode === 'normal' ? (
      <FooterLink prompt={t('login.signupPrompt')} label={t('login.signupLink')} href={linkWithContext('/registration')} />
    ) : (
      <FooterLink prompt={t('login.logoutPrompt')} label={t('login.logoutLink')} href="/logout" />
    );

  return (
    <Card title={t(TITLE_KEY[mode])} subtitle={clientName ? t('login.oauth2Subtitle', { clientName }) : undefined} footer={footer}>
      {identifier && (
        <p className="logged-in-as">
          {t('login.loggedInAs')} <strong>{identifier}</strong>
        </p>
      )}
      <FlowMessages messages={messages} />
      <FlowScripts nodes={nodes} />
      {sections.map((section, index) => (
        <Fragment key={section.key}>
          {index > 0 && <Divider />}
          {section.element}
        </Fragment>
      ))}
    </Card>
  );
}
