/**
 * The error card: a title by code, the reason for client errors (hidden for 500 and above),
 * the full error as formatted JSON in a collapsible box, an optional support address and Go Back.
 */
import { useQuery } from '@tanstack/react-query';
import { Button, Link } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n.js';
import { request } from '../../lib/http.js';
import { configKeys, identityErrorKeys } from '../../lib/query-keys.js';
import { Card, LoadingCard } from '../../ui/Card.js';
import { IDENTITY_BASE } from '../flow-api.js';
import { errorTitleKey, parseErrorParam, visibleReason, type ShownError } from './error-details.js';
import '../../ui/button.css';

interface ClientConfig {
  supportEmail: string | null;
}

function useSupportEmail(): string | undefined {
  const config = useQuery({
    queryKey: configKeys.all,
    queryFn: async () => (await request<ClientConfig>('/bff/config')).data,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 0,
  });
  return config.data?.supportEmail ?? undefined;
}

function useStoredError(id: string | null) {
  return useQuery({
    queryKey: identityErrorKeys.detail(id ?? ''),
    queryFn: async () => (await request<{ error: ShownError }>(`${IDENTITY_BASE}/self-service/errors`, { params: { id: id ?? undefined } })).data.error,
    enabled: Boolean(id),
    retry: 0,
  });
}

export function ErrorCard() {
  const search = new URLSearchParams(window.location.search);
  const id = search.get('id');
  const stored = useStoredError(id);
  const supportEmail = useSupportEmail();
  if (id && stored.isPending) return <LoadingCard />;
  const error = id && stored.data ? stored.data : parseErrorParam(search.get('error') ?? (stored.error ? String(stored.error.message) : null));
  return <ErrorView error={error} supportEmail={supportEmail} />;
}

/** The sentence with the address as a mail link wherever the language puts the placeholder. */
function ContactLine({ email }: { email: string }) {
  const { t } = useTranslation();
  const MARK = '\u0000';
  const [before = '', after = ''] = t('error.contact', { email: MARK }).split(MARK);
  return (
    <p className="error-contact">
      {before}
      <a className="link" href={`mailto:${email}`}>
        {email}
      </a>
      {after}
    </p>
  );
}

export function ErrorView({ error, supportEmail, backUrl }: { error: ShownError; supportEmail?: string; backUrl?: string }) {
  const { t } = useTranslation();
  const reason = visibleReason(error);
  const canGoBack = !backUrl && typeof window !== 'undefined' && window.history.length > 1;
  return (
    <Card title={t(errorTitleKey(error.code))}>
      {reason && (
        <div className="error-reason">
          <p>{t('error.withMessage')}</p>
          <p className="error-message" role="alert">
            {reason}
          </p>
        </div>
      )}
      <details className="error-details">
        <summary>{t('error.details')}</summary>
        <pre tabIndex={0}>{JSON.stringify(error, null, 2)}</pre>
      </details>
      {supportEmail && <ContactLine email={supportEmail} />}
      <div className="card-actions">
        {canGoBack ? (
          <Button className="button button-secondary" onPress={() => window.history.back()}>
            {t('error.goBack')}
          </Button>
        ) : (
          <Link className="button button-secondary" href={backUrl ?? '/'}>
            {t('error.goBack')}
          </Link>
        )}
      </div>
    </Card>
  );
}
