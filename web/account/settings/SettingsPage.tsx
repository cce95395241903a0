/**
 * The settings screen (spec §2): title and instructions, the side navigation, and one card per
 * method the flow offers. The service's answer to a save (1050001, or why not) is shown in the
 * card that was saved; messages that came with the flow itself are shown above the cards.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/document-title.js';
import { useTranslation } from '../../lib/i18n.js';
import type { SettingsFlow, UiText } from '../../../shared/identity-flow.js';
import { LoadingCard } from '../../ui/Card.js';
import { FlowScripts } from '../cards/FlowScripts.js';
import { FlowMessages } from '../nodes/NodeMessages.js';
import { useFlow } from '../use-flow.js';
import { BackupCodesPanel } from './BackupCodesPanel.js';
import { MethodForm } from './MethodForm.js';
import { SavedMessages } from './SavedMessages.js';
import { SecurityKeysPanel } from './SecurityKeysPanel.js';
import { SettingsCard } from './SettingsCard.js';
import { SettingsNav } from './SettingsNav.js';
import { cardSections, navSections, type SettingsMethod, type SettingsSection } from './settings-sections.js';
import { SocialSignInPanel } from './SocialSignInPanel.js';
import { TotpPanel } from './TotpPanel.js';
import './settings.css';

const NONE: readonly UiText[] = [];

export interface SettingsViewProps {
  flow: SettingsFlow;
  notices?: UiText[];
  submitting?: boolean;
  submit: (body: Record<string, unknown>) => unknown;
  /** The optional Back entry; the flow's `return_to` when left out. */
  backUrl?: string;
  logoutUrl?: string;
}

type Revisions = Partial<Record<SettingsMethod, number>>;

/**
 * Counts each card's successful saves, so that card's form is drawn afresh: a new password or an
 * authenticator code is not left typed in. A refused save keeps what was typed, and the focus;
 * other cards keep what is typed in them.
 */
function useSavedRevisions(flow: SettingsFlow, savedMethod: SettingsMethod | undefined): Revisions {
  const seen = useRef<{ flow: SettingsFlow; revisions: Revisions }>({ flow, revisions: {} });
  if (seen.current.flow !== flow) {
    const succeeded = (flow.ui.messages ?? []).some((message) => message.type === 'success');
    const { revisions } = seen.current;
    seen.current = {
      flow,
      revisions: succeeded && savedMethod ? { ...revisions, [savedMethod]: (revisions[savedMethod] ?? 0) + 1 } : revisions,
    };
  }
  return seen.current.revisions;
}

/** After an answer, focus that fell off with a button the answer took away goes to the card that was saved. */
function useFocusKept(flow: SettingsFlow, anchor: string | undefined): void {
  useEffect(() => {
    if (!anchor) return;
    const active = document.activeElement;
    if (active === null || active === document.body) document.getElementById(anchor)?.focus();
  }, [flow, anchor]);
}

/** An address naming a card (`/settings#totp`) shows that card once the flow has drawn it. */
function useScrollToAnchor(): void {
  useEffect(() => {
    const anchor = window.location.hash.slice(1);
    if (anchor) document.getElementById(anchor)?.scrollIntoView();
  }, []);
}

export function SettingsView({ flow, notices = [], submitting = false, submit, backUrl, logoutUrl = '/logout' }: SettingsViewProps) {
  const { t } = useTranslation();
  useDocumentTitle([t('settings.title')]);
  /** The card last saved, and the flow it was saved from: its answer is the next flow. */
  const [saved, setSaved] = useState<{ method: SettingsMethod; from: SettingsFlow }>();
  const flowMessages = flow.ui.messages ?? NONE;
  const answered = saved !== undefined && saved.from !== flow;
  const revisions = useSavedRevisions(flow, saved?.method);
  useFocusKept(flow, answered ? saved.method : undefined);
  useScrollToAnchor();

  const send = (body: Record<string, unknown>) => {
    setSaved({ method: body.method as SettingsMethod, from: flow });
    return submit(body);
  };

  function panel(section: SettingsSection): ReactNode {
    const props = { flow, submit: send, busy: submitting };
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
        return <MethodForm flow={flow} method={section.method} submit={send} busy={submitting} />;
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
                <SavedMessages messages={answered && saved.method === section.method ? flowMessages : NONE} />
                <div key={revisions[section.method] ?? 0} className="settings-card-body">
                  {panel(section)}
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
