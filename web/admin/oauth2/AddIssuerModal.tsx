/**
 * Trusting an issuer's jwt-bearer assertions: who issues them, for which subject (or any), which
 * scopes they may ask for, until when, and the public key they are signed with (a JWK pasted as
 * JSON, checked to be JSON here; whether it is a usable public key is the API's to say).
 */
import { getLocalTimeZone, today, type CalendarDate } from '@internationalized/date';
import { useState, type FormEvent } from 'react';
import { Button } from 'react-aria-components';
import { apiFailureOf } from '../../lib/api-failure.js';
import { useTranslation } from '../../lib/i18n.js';
import { CheckboxField } from '../../ui/form/CheckboxField.js';
import { DateField } from '../../ui/form/DateField.js';
import { failureText } from '../../ui/form/failure-text.js';
import { FormError } from '../../ui/form/FormError.js';
import { TextField } from '../../ui/form/TextField.js';
import { Modal } from '../../ui/Modal.js';
import { toastStore } from '../../ui/toast-store.js';
import { badCustomScope, customScopesOf } from './application-form.js';
import { useTrustIssuer } from './queries.js';
import { refusalText } from './refusal-text.js';

type Field = 'issuer' | 'subject' | 'scopes' | 'expiresAt' | 'jwk';
const FIELDS: readonly Field[] = ['issuer', 'subject', 'scopes', 'expiresAt', 'jwk'];

/** The pasted key as an object, or why it is not one. */
function parseJwk(text: string): { jwk?: Record<string, unknown>; problem?: 'empty' | 'json' | 'object' } {
  if (!text.trim()) return { problem: 'empty' };
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? { jwk: value as Record<string, unknown> } : { problem: 'object' };
  } catch {
    return { problem: 'json' };
  }
}

export function AddIssuerModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const trust = useTrustIssuer();
  const tomorrow = today(getLocalTimeZone()).add({ days: 1 });
  const [issuer, setIssuer] = useState('');
  const [subject, setSubject] = useState('');
  const [anySubject, setAnySubject] = useState(false);
  const [scopes, setScopes] = useState('');
  const [expires, setExpires] = useState<CalendarDate | null>(today(getLocalTimeZone()).add({ years: 1 }));
  const [jwkText, setJwkText] = useState('');
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<{ field?: Field; text: string } | null>(null);

  const parsed = parseJwk(jwkText);
  const checks: Partial<Record<Field, string>> = {};
  if (!issuer.trim()) checks.issuer = t('admin.fieldRequired');
  if (!anySubject && !subject.trim()) checks.subject = t('oauth2Admin.subjectRequired');
  const bad = badCustomScope(scopes);
  if (bad) checks.scopes = t('oauth2Admin.scopeInvalid', { scope: bad });
  if (!expires || expires.compare(tomorrow) < 0) checks.expiresAt = t('oauth2Admin.expiresFuture');
  if (parsed.problem) checks.jwk = parsed.problem === 'empty' ? t('admin.fieldRequired') : t(`oauth2Admin.jwkNot.${parsed.problem}`);
  const errorOf = (field: Field) => (tried ? checks[field] : undefined) ?? (refusal?.field === field ? refusal.text : undefined);
  const clear = (field: Field) => setRefusal((current) => (current?.field === field ? null : current));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (Object.keys(checks).length > 0 || trust.isPending || !expires || !parsed.jwk) return;
    setRefusal(null);
    try {
      const created = await trust.mutateAsync({
        issuer: issuer.trim(),
        ...(anySubject ? { allowAnySubject: true } : { subject: subject.trim() }),
        scopes: customScopesOf(scopes),
        // The end of the chosen day where the administrator is.
        expiresAt: new Date(expires.add({ days: 1 }).toDate(getLocalTimeZone()).getTime() - 1000).toISOString(),
        jwk: parsed.jwk as { kty: string; kid: string; alg: string; use: 'sig' },
      });
      toastStore.show(t('oauth2Admin.issuerAdded', { issuer: created.issuer }), 'success');
      onClose();
    } catch (error) {
      const failure = apiFailureOf(error);
      const field = FIELDS.find((f) => f === failure.path?.[0]);
      setRefusal({ field, text: refusalText(t, failure) ?? failureText(t, failure, field !== undefined) });
    }
  }

  return (
    <Modal
      isOpen
      size="2XL"
      isDismissable={!trust.isPending}
      onOpenChange={(open) => !open && onClose()}
      title={t('oauth2Admin.addIssuer')}
      footer={
        <>
          <Button className="button button-secondary" onPress={onClose}>
            {t('admin.cancel')}
          </Button>
          <Button className="button button-primary" type="submit" form="add-issuer" isPending={trust.isPending}>
            {t('oauth2Admin.addIssuerSubmit')}
          </Button>
        </>
      }
    >
      <form id="add-issuer" className="oauth2-form issuer-form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label={t('oauth2Admin.issuerName')}
          description={t('oauth2Admin.issuerNameHint')}
          isRequired
          autoFocus
          autoComplete="off"
          maxLength={2048}
          placeholder="https://ci.example"
          value={issuer}
          onChange={(v) => {
            setIssuer(v);
            clear('issuer');
          }}
          error={errorOf('issuer')}
        />
        <CheckboxField
          label={t('oauth2Admin.anySubject')}
          description={t('oauth2Admin.anySubjectHint')}
          value={anySubject}
          onChange={(v) => {
            setAnySubject(v);
            clear('subject');
          }}
        />
        {!anySubject && (
          <TextField
            label={t('oauth2Admin.subject')}
            description={t('oauth2Admin.subjectHint')}
            isRequired
            autoComplete="off"
            maxLength={256}
            value={subject}
            onChange={(v) => {
              setSubject(v);
              clear('subject');
            }}
            error={errorOf('subject')}
          />
        )}
        <TextField
          label={t('oauth2Admin.scopes')}
          description={t('oauth2Admin.issuerScopesHint')}
          autoComplete="off"
          maxLength={2000}
          value={scopes}
          onChange={(v) => {
            setScopes(v);
            clear('scopes');
          }}
          error={errorOf('scopes')}
        />
        <DateField
          label={t('oauth2Admin.expiresAt')}
          description={t('oauth2Admin.expiresAtHint')}
          isRequired
          minValue={tomorrow}
          value={expires}
          onChange={(v) => {
            setExpires(v);
            clear('expiresAt');
          }}
          error={errorOf('expiresAt')}
        />
        <TextField
          label={t('oauth2Admin.jwk')}
          description={t('oauth2Admin.jwkHint')}
          isRequired
          rows={7}
          maxLength={20000}
          placeholder={'{ "kty": "EC", "crv": "P-256", "kid": "…", "alg": "ES256", "use": "sig", "x": "…", "y": "…" }'}
          value={jwkText}
          onChange={(v) => {
            setJwkText(v);
            clear('jwk');
          }}
          error={errorOf('jwk')}
        />
        <FormError text={refusal ? (refusal.field ? t('admin.form.checkMarked') : refusal.text) : null} />
      </form>
    </Modal>
  );
}
