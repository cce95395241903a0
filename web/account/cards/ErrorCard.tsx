/**
 * The error card: a title by code, the reason for client errors as a sentence of our catalogue
 * (hidden for 500 and above), the full error as formatted JSON in a collapsible box, an optional
 * support address and Go Back.
 */
import { useQuery } from '@tanstack/react-query';
import { Button, Link } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n.js';
import { isHttpError, request } from '../../lib/http.js';
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

/** A stored error that could not be read: what the service answered, kept for the details. */
function unreadableStoredError(id: string, failure: unknown): ShownError {
  const answer = isHttpError(failure) ? failure.response : undefined;
  const body = answer?.data as { error?: ShownError } | undefined;
  const status = answer?.status ?? 0;
  return {
    ...body?.error,
    code: status,
    id: status === 404 ? 'stored_error_not_found' : body?.error?.id,
    message: body?.error?.message ?? (failure instanceof Error ? failure.message : String(failure)),
    error_id: id,
  };
}

export function ErrorCard() {
  const search = new URLSearchParams(window.location.search);
  const id = search.get('id');
  const stored = useStoredError(id);
  const supportEmail = useSupportEmail();
  if (id && stored.isPending) return <LoadingCard />;
  let error: ShownError;
  if (id && stored.data) error = stored.data;
  else if (id && stored.isError && !search.get('error')) error = unreadableStoredError(id, stored.error);
  else error = parseErrorParam(search.get('error'));
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
            {'key' in reason ? t(reason.key) : reason.text}
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
