/**
 * The OAuth2 consent screen: which application asks, one checkbox per requested permission (all
 * granted unless unticked), the trust warning, the client's policy links, "remember my
 * decision", Deny and Allow.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button, Checkbox, CheckboxGroup, Label, Text } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n.js';
import type { ConsentRequestView } from '../../../shared/oauth2-consent.js';
import { consentKeys } from '../../lib/query-keys.js';
import { goTo } from '../../lib/navigate.js';
import { Card, LoadingCard } from '../../ui/Card.js';
import { errorPageUrl } from '../flow-errors.js';
import { decideConsent, getConsent } from '../oauth2/oauth2-api.js';
import '../../ui/button.css';
import '../../ui/form/checkbox.css';

const MISSING_CHALLENGE = { code: 400, status: 'Bad Request', id: 'consent_challenge_missing', message: 'The consent page was opened without a consent_challenge parameter' };

export function ConsentCard() {
  // Read once: the page may already be moving on to the client when this card renders again.
  const [challenge] = useState(() => new URLSearchParams(window.location.search).get('consent_challenge') ?? '');
  const consent = useQuery({
    queryKey: consentKeys.detail(challenge),
    queryFn: () => getConsent(challenge || undefined),
    enabled: challenge !== '',
    retry: 0,
  });
  const decide = useMutation({
    mutationFn: decideConsent,
    onSuccess: (answer) => goTo(answer.redirect_to),
    onError: (error) => goTo(errorPageUrl(error)),
  });
  useEffect(() => {
    if (consent.isError) goTo(errorPageUrl(consent.error), { replace: true });
  }, [consent.isError, consent.error]);
  // Opened without a request to answer (a bookmark, a link copied without its query).
  useEffect(() => {
    if (!challenge) goTo(`/error?error=${encodeURIComponent(JSON.stringify(MISSING_CHALLENGE))}`, { replace: true });
  }, [challenge]);
  // A decision the user asked to remember: the provider says skip, so no question is asked again.
  const skip = consent.data?.skip === true;
  const { mutate } = decide;
  useEffect(() => {
    if (skip && consent.data) mutate({ consent_challenge: consent.data.challenge, action: 'accept', grant_scope: consent.data.requested_scope });
  }, [skip, consent.data, mutate]);
  if (!consent.data || skip) return <LoadingCard />;
  return (
    <ConsentView
      consent={consent.data}
      busy={decide.isPending}
      onDecide={(action, grantScope, remember) => decide.mutate({ consent_challenge: consent.data.challenge, action, grant_scope: grantScope, remember })}
    />
  );
}

export interface ConsentViewProps {
  consent: ConsentRequestView;
  busy?: boolean;
  onDecide: (action: 'accept' | 'reject', grantScope: string[], remember: boolean) => void;
}

export function ConsentView({ consent, busy = false, onDecide }: ConsentViewProps) {
  const { t } = useTranslation();
  const [granted, setGranted] = useState<string[]>(consent.requested_scope);
  const [remember, setRemember] = useState(false);
  const client = consent.client;
  const clientName = client.client_name || client.client_uri || t('consent.defaultClientName');

  return (
    <Card title={t('consent.title')} subtitle={<strong className="client-name">{clientName}</strong>}>
      <form
        className="flow-form"
        onSubmit={(event) => {
          event.preventDefault();
          const submitter = event.nativeEvent.submitter as HTMLButtonElement | null;
          onDecide(submitter?.value === 'reject' ? 'reject' : 'accept', granted, remember);
        }}
      >
        <CheckboxGroup className="scope-list" value={granted} onChange={setGranted} name="grant_scope">
          <Label className="field-label">{t('consent.requestsAccess')}</Label>
          {consent.requested_scope.map((scope) => (
            <Checkbox key={scope} value={scope} className="checkbox">
              <span className="checkbox-box" aria-hidden="true" />
              <code>{scope}</code>
            </Checkbox>
          ))}
        </CheckboxGroup>
        <p className="notice notice-warning">{t('consent.trustWarning')}</p>
        {(client.policy_uri || client.tos_uri) && (
          <p className="client-links">
            {client.policy_uri && (
              <a className="link" href={client.policy_uri} target="_blank" rel="noreferrer">
                {t('consent.privacyPolicy')}
              </a>
            )}
            {client.tos_uri && (
              <a className="link" href={client.tos_uri} target="_blank" rel="noreferrer">
                {t('consent.termsOfService')}
              </a>
            )}
          </p>
        )}
        <Checkbox className="checkbox" isSelected={remember} onChange={setRemember} name="remember" aria-describedby="remember-explanation">
          <span className="checkbox-box" aria-hidden="true" />
          <span>{t('consent.remember')}</span>
        </Checkbox>
        <Text slot="description" elementType="p" id="remember-explanation" className="hint">
          {t('consent.rememberExplanation')}
        </Text>
        <div className="card-actions">
          <Button type="submit" name="consent_action" value="reject" className="button button-secondary" isDisabled={busy}>
            {t('consent.deny')}
          </Button>
          <Button type="submit" name="consent_action" value="accept" className="button button-primary" isPending={busy}>
            {t('consent.allow')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
