/**
 * One group of the project's settings as a form. It keeps the project it was loaded at and saves
 * only the keys it changed, as a JSON Patch against that revision: when someone else saved
 * meanwhile the API refuses (409) and the form offers to reload; a value the API refuses (400,
 * naming its JSON path) is marked at its field. A newer project replaces the one the form was
 * loaded at while the form is unchanged, or when the newer one holds the same values for its
 * fields (another form's save), so saving one form never makes another one's save refused.
 */
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { apiFailureOf, type ApiFailure } from '../../lib/api-failure.js';
import { HttpError, isHttpError } from '../../lib/http.js';
import { useTranslation } from '../../lib/i18n.js';
import { FormActions } from '../../ui/form/FormActions.js';
import { FormError } from '../../ui/form/FormError.js';
import { useFormState, type Checks } from '../../ui/form/use-form-state.js';
import { toastStore } from '../../ui/toast-store.js';
import { valuesOf, type ConfigField, type ConfigFields } from './config-fields.js';
import { dottedPath, sameJson, setOperations, valueAt } from './config-patch.js';
import { ConflictNotice } from './ConflictNotice.js';
import type { PlatformProject } from './platform-types.js';
import { usePatchProject } from './queries.js';

export type ConfigFormState<V extends Record<string, unknown>> = ReturnType<typeof useFormState<V>>;

export interface ConfigFormView<V extends Record<string, unknown>> {
  form: ConfigFormState<V>;
  /** What the project this form was loaded at stores for a field (a duration's Go text, say). */
  storedAt: (name: keyof V) => unknown;
}

export interface ConfigFormProps<V extends Record<string, unknown>> {
  /** The form's heading id and the stem of its elements' ids. */
  id: string;
  title: string;
  text?: string;
  project: PlatformProject;
  /** A constant of the form's module: the form reads it once per project. */
  fields: ConfigFields<V>;
  checks?: Checks<V>;
  /** A rule over several fields, said above the buttons; the form is not saved while it fails. */
  problem?: (values: V) => string | undefined;
  /** Reads the project again. */
  onReload: () => Promise<unknown>;
  children: (view: ConfigFormView<V>) => ReactNode;
}

export function ConfigForm<V extends Record<string, unknown>>(props: ConfigFormProps<V>) {
  // After a reload the form starts afresh from the project read again.
  const [generation, setGeneration] = useState(0);
  return <ConfigFormBody key={generation} {...props} onReloaded={() => setGeneration((n) => n + 1)} />;
}

/** The field whose JSON path the API's sentence names (`services.identity.config.session.lifespan must be …`). */
function fieldNamed<V>(fields: ConfigFields<V>, reason: string | undefined): string | undefined {
  if (!reason) return undefined;
  const words = new Set(reason.split(/\s+/).map((word) => word.replace(/[:,()]+$/g, '').replace(/^\(/, '')));
  const entries = Object.entries(fields) as [string, ConfigField<unknown>][];
  return entries.find(([, field]) => words.has(field.pointer) || words.has(dottedPath(field.pointer)))?.[0];
}

/** The refusal with the field it names where the form's refusal handling reads it (`details.field`). */
function atField(error: unknown, field: string | undefined): unknown {
  if (!field || !isHttpError(error) || !error.response) return error;
  const body = error.response.data as { error?: Record<string, unknown> } | undefined;
  const envelope = body?.error ?? {};
  const details = typeof envelope.details === 'object' && envelope.details !== null ? envelope.details : {};
  return new HttpError(error.message, error.code, { ...error.response, data: { error: { ...envelope, details: { ...details, field } } } });
}

function ConfigFormBody<V extends Record<string, unknown>>({
  id,
  title,
  text,
  project,
  fields,
  checks,
  problem,
  onReload,
  onReloaded,
  children,
}: ConfigFormProps<V> & { onReloaded: () => void }) {
  const { t } = useTranslation();
  const patch = usePatchProject(project.id);
  const [loadedAt, setLoadedAt] = useState(project);
  const stored = useMemo(() => valuesOf(loadedAt, fields), [loadedAt, fields]);
  const form = useFormState(stored, checks);
  const [conflict, setConflict] = useState(false);
  const [tried, setTried] = useState(false);

  if (project.revision_id !== loadedAt.revision_id && (!form.dirty || sameJson(valuesOf(project, fields), stored))) setLoadedAt(project);

  const describe = (failure: ApiFailure) => {
    if (failure.status === 409) return t('platformAdmin.conflict');
    if (failure.status === 400 && failure.reason) return t('platformAdmin.refused', { reason: failure.reason });
    return undefined;
  };

  const submit = form.handleSubmit(async (values) => {
    const names = Object.keys(fields) as (keyof V & string)[];
    const changes = names
      .filter((name) => !sameJson(values[name], stored[name]))
      .map((name) => {
        const field = fields[name] as ConfigField<unknown>;
        return { pointer: field.pointer, value: field.write ? field.write(values[name]) : values[name] };
      });
    const operations = setOperations(loadedAt, changes);
    if (operations.length === 0) return;
    setConflict(false);
    try {
      await patch.mutateAsync({ revisionId: loadedAt.revision_id, operations });
    } catch (error) {
      const failure = apiFailureOf(error);
      if (failure.status === 409) setConflict(true);
      throw atField(error, failure.status === 400 ? fieldNamed(fields, failure.reason) : undefined);
    }
    toastStore.show(t('platformAdmin.saved', { section: title }), 'success');
  }, describe);

  const broken = problem?.(form.values);
  function onSubmit(event: FormEvent) {
    if (broken) {
      event.preventDefault();
      setTried(true);
      return;
    }
    void submit(event);
  }

  async function reload() {
    await onReload();
    onReloaded();
  }

  return (
    <form className="panel config-form" aria-labelledby={`${id}-title`} noValidate onSubmit={onSubmit}>
      <h2 id={`${id}-title`} className="panel-title">
        {title}
      </h2>
      {text && <p className="panel-text">{text}</p>}
      {children({ form, storedAt: (name) => valueAt(loadedAt, fields[name].pointer) })}
      {conflict ? <ConflictNotice onReload={reload} /> : <FormError text={(tried && broken) || form.formError} />}
      <FormActions
        dirty={form.dirty}
        pending={form.pending}
        onReset={() => {
          form.reset();
          setTried(false);
        }}
      />
    </form>
  );
}
