/**
 * Recovery (and verification, VerificationCard.tsx): one form of the flow's method (a code or a link sent to an
 * address), then — once the challenge is passed — the service's "Continue" link.
 */
import { useTranslation } from '../../lib/i18n.js';
import type { FlowBase, UiText } from '../../../shared/identity-flow.js';
import { Card, FooterLink, LoadingCard } from '../../ui/Card.js';
import { FlowForm } from '../nodes/FlowForm.js';
import { FlowMessages } from '../nodes/NodeMessages.js';
import { useFlow } from '../use-flow.js';
import { linkWithContext } from './flow-links.js';

interface CodeFlowTexts {
  title: string;
  /** The footer's "Question? Link"; none for someone it does not apply to. */
  footer?: { prompt: string; link: string; href: string };
}

export interface CodeFlowViewProps {
  flow: FlowBase;
  texts: CodeFlowTexts;
  notices?: UiText[];
  submitting?: boolean;
  submit: (body: Record<string, unknown>) => unknown;
}

export function CodeFlowView({ flow, texts, notices = [], submitting = false, submit }: CodeFlowViewProps) {
  return (
    <Card title={texts.title} footer={texts.footer && <FooterLink prompt={texts.footer.prompt} label={texts.footer.link} href={texts.footer.href} />}>
      <FlowMessages messages={[...notices, ...(flow.ui.messages ?? [])]} />
      <FlowForm flow={flow} onSubmit={submit} busy={submitting} />
    </Card>
  );
}

export function RecoveryCard() {
  const { t } = useTranslation();
  const state = useFlow('recovery');
  if (!state.flow) return <LoadingCard />;
  const texts = { title: t('recovery.title'), footer: { prompt: t('recovery.loginPrompt'), link: t('recovery.loginLink'), href: linkWithContext('/login') } };
  return <CodeFlowView flow={state.flow} texts={texts} notices={state.notices} submitting={state.submitting} submit={state.submit} />;
}
