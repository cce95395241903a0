/**
 * Does a subject have a relation (or a permission the model computes) on an object? Asked with
 * Keto's `/relation-tuples/check/openapi`, which answers 200 `{allowed}` either way, optionally
 * only so many levels deep. The answer names what was asked, so it stays true while the form is
 * changed for the next question.
 */
import { useState, type FormEvent } from 'react';
import { Button } from 'react-aria-components';
import { apiFailureOf } from '../../../lib/api-failure.js';
import { useTranslation } from '../../../lib/i18n.js';
import { NumberField } from '../../../ui/form/NumberField.js';
import { TextField } from '../../../ui/form/TextField.js';
import { useCheck, type KetoParams } from './queries.js';
import { refusalText } from './refusal-text.js';
import { tupleText } from './relation-tuples.js';
import { checkParams, emptyTuple, NEEDS_TUPLE, tupleOf, useTupleForm } from './tuple-form.js';
import { NamespaceField, SubjectFields } from './TupleFields.js';

/** The configuration schema's bounds of `limit.max_read_depth`. */
export const DEPTH = { min: 1, max: 100 };

export function CheckPanel({ namespaces }: { namespaces: readonly string[] }) {
  const { t } = useTranslation();
  const form = useTupleForm(t, emptyTuple('id'), NEEDS_TUPLE);
  const [asked, setAsked] = useState<{ params: KetoParams; text: string } | null>(null);
  const check = useCheck(asked?.params ?? null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.validate()) return;
    const params = checkParams(form.values);
    // The same question again is asked again: relationships may have changed meanwhile.
    if (asked && JSON.stringify(asked.params) === JSON.stringify(params)) void check.refetch();
    else setAsked({ params, text: tupleText(tupleOf(form.values)) });
  }

  return (
    <section className="panel permission-panel" aria-labelledby="platform-check-title">
      <h2 id="platform-check-title" className="panel-title">
        {t('platformAdmin.check.title')}
      </h2>
      <p className="panel-text">{t('platformAdmin.check.text')}</p>
      <form noValidate aria-labelledby="platform-check-title" onSubmit={submit}>
        <div className="form-grid">
          <NamespaceField label={t('platformAdmin.relationships.namespace')} namespaces={namespaces} binding={form.field('namespace')} isRequired />
          <TextField label={t('platformAdmin.relationships.object')} isRequired autoComplete="off" {...form.field('object')} />
          <TextField label={t('platformAdmin.check.relation')} description={t('platformAdmin.check.relationHint')} isRequired autoComplete="off" {...form.field('relation')} />
          <SubjectFields namespaces={namespaces} bindings={form.subject} />
          <NumberField
            label={t('platformAdmin.check.maxDepth')}
            description={t('platformAdmin.check.maxDepthHint')}
            minValue={DEPTH.min}
            maxValue={DEPTH.max}
            {...form.field('maxDepth')}
          />
        </div>
        <div className="form-actions">
          <Button className="button button-primary" type="submit" isPending={check.isFetching}>
            {t('platformAdmin.check.submit')}
          </Button>
        </div>
      </form>
      <div className="check-answer" role="status">
        {asked && check.isError && <p className="form-error">{refusalText(t, apiFailureOf(check.error))}</p>}
        {asked && check.data !== undefined && !check.isFetching && (
          <p className="check-result" data-allowed={check.data}>
            <span className="check-verdict">{t(check.data ? 'platformAdmin.check.allowed' : 'platformAdmin.check.denied')}</span>
            <code className="tuple-code">{asked.text}</code>
          </p>
        )}
      </div>
    </section>
  );
}
