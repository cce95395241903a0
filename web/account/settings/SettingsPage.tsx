/**
 * The settings screen (spec §2): title and instructions, the side navigation, and one card per
 * method the flow offers. The service's answer to a save (1050001, or why not) is shown in the
 * card that was saved; messages that came with the flow itself are shown above the cards.
 */
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsFlow, UiText } from '../../../shared/identity-flow.js';
import { LoadingCard } from '../../ui/Card.js';
import { FlowScripts } from '../cards/FlowScripts.js';
import { FlowMessages } from '../nodes/NodeMessages.js';
import { useFlow } from '../use-flow.js';
import { BackupCodesPanel } from './BackupCodesPanel.js';
import { MethodForm } from './MethodForm.js';
import { SecurityKeysPanel } from './SecurityKeysPanel.js';
import { SettingsCard } from './SettingsCard.js';
import { SettingsNav } from './SettingsNav.js';
import { cardSections, navSections, type SettingsMethod, type SettingsSection } from './settings-sections.js';
import { SocialSignInPanel } from './SocialSignInPanel.js';
import { TotpPanel } from './TotpPanel.js';
import './settings.css';

export interface SettingsViewProps {
  flow: SettingsFlow;
  notices?: UiText[];
  submitting?: boolean;
  submit: (body: Record<string, unknown>) => unknown;
  /** The optional Back entry; the flow's `return_to` when left out. */
  backUrl?: string;
  logoutUrl?: string;
}

/** Counts the flows shown, so each answer of the service mounts its forms afresh (a saved password is not left typed in). */
function useRevision(flow: SettingsFlow): number {
  const seen = useRef({ flow, revision: 0 });
  if (seen.current.flow !== flow) seen.current = { flow, revision: seen.current.revision + 1 };
  return seen.current.revision;
}

export function SettingsView({ flow, notices = [], submitting = false, submit, backUrl, logoutUrl = '/logout' }: SettingsViewProps) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState<SettingsMethod>();
  const revision = useRevision(flow);
  const flowMessages = flow.ui.messages ?? [];

  const send = (body: Record<string, unknown>) => {
    setSaved(body.method as SettingsMethod);
    return submit(body);
  };

  function panel(section: SettingsSection, title: string): ReactNode {
    const props = { flow, submit: send, busy: submitting, title };
    switch (section.method) {
      case 'lookup_secret':
        return <BackupCodesPanel {...props} />;
      case 'totp':
        return <TotpPanel {...props} />;
      case 'oidc':
        return <SocialSignInPanel {...props} />;
      case 'webauthn':
      case 'passkey':
        return <SecurityKeysPanel {...props} method={section.method} />;
      case 'profile':
      case 'password':
        return <MethodForm flow={flow} method={section.method} submit={send} busy={submitting} label={title} />;
    }
  }

  return (
    <main id="main" className="settings-page">
      <header className="settings-header">
        <h1 className="settings-title">{t('settings.title')}</h1>
        <p className="settings-instructions">{t('settings.instructions')}</p>
      </header>
      <div className="settings-layout">
        <SettingsNav sections={navSections(flow.ui.nodes)} backUrl={backUrl ?? flow.return_to} logoutUrl={logoutUrl} />
        <div className="settings-cards">
          <FlowMessages messages={saved ? notices : [...notices, ...flowMessages]} />
          <FlowScripts nodes={flow.ui.nodes} />
          {cardSections(flow.ui.nodes).map((section) => {
            const title = t(`settings.cards.${section.cardKey}`);
            return (
              <SettingsCard key={section.method} anchor={section.anchor} title={title}>
                {saved === section.method && <FlowMessages messages={flowMessages} />}
                <div key={revision} className="settings-card-body">
                  {panel(section, title)}
                </div>
              </SettingsCard>
            );
          })}
        </div>
      </div>
    </main>
  );
}

export function SettingsPage() {
  const { flow, notices, submitting, submit } = useFlow('settings');
  if (!flow) return <LoadingCard />;
  return <SettingsView flow={flow} notices={notices} submitting={submitting} submit={submit} />;
}
