/**
 * Who is in `namespace:object#relation`, and why: Keto's expand tree of a subject set, optionally
 * only so many levels deep, shown as a tree to fold and unfold.
 */
import { useState, type FormEvent } from 'react';
import { Button } from 'react-aria-components';
import { apiFailureOf } from '../../../lib/api-failure.js';
import { useTranslation } from '../../../lib/i18n.js';
import { NumberField } from '../../../ui/form/NumberField.js';
import { TextField } from '../../../ui/form/TextField.js';
import { DEPTH } from './CheckPanel.js';
import { ExpandTreeView } from './ExpandTreeView.js';
import { useExpand, type KetoParams } from './queries.js';
import { refusalText } from './refusal-text.js';
import { emptyTuple, expandParams, NEEDS_SUBJECT_SET, useTupleForm } from './tuple-form.js';
import { NamespaceField } from './TupleFields.js';

export function ExpandPanel({ namespaces }: { namespaces: readonly string[] }) {
  const { t } = useTranslation();
  const form = useTupleForm(t, emptyTuple(null), NEEDS_SUBJECT_SET);
  const [asked, setAsked] = useState<{ params: KetoParams; text: string } | null>(null);
  const expand = useExpand(asked?.params ?? null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.validate()) return;
    const params = expandParams(form.values);
    if (asked && JSON.stringify(asked.params) === JSON.stringify(params)) void expand.refetch();
    else setAsked({ params, text: `${params.namespace}:${params.object}#${params.relation}` });
  }

  return (
    <section className="panel permission-panel" aria-labelledby="platform-expand-title">
      <h2 id="platform-expand-title" className="panel-title">
        {t('platformAdmin.expand.title')}
      </h2>
      <p className="panel-text">{t('platformAdmin.expand.text')}</p>
      <form noValidate aria-labelledby="platform-expand-title" onSubmit={submit}>
        <div className="form-grid">
          <NamespaceField label={t('platformAdmin.relationships.namespace')} namespaces={namespaces} binding={form.field('namespace')} isRequired />
          <TextField label={t('platformAdmin.relationships.object')} isRequired autoComplete="off" {...form.field('object')} />
          <TextField label={t('platformAdmin.relationships.relation')} isRequired autoComplete="off" {...form.field('relation')} />
          <NumberField
            label={t('platformAdmin.check.maxDepth')}
            description={t('platformAdmin.check.maxDepthHint')}
            minValue={DEPTH.min}
            maxValue={DEPTH.max}
            {...form.field('maxDepth')}
          />
        </div>
        <div className="form-actions">
          <Button className="button button-primary" type="submit" isPending={expand.isFetching}>
            {t('platformAdmin.expand.submit')}
          </Button>
        </div>
      </form>
      {asked && expand.isError && (
        <p className="form-error" role="alert">
          {refusalText(t, apiFailureOf(expand.error))}
        </p>
      )}
      {asked && expand.data && !expand.isFetching && (
        <ExpandTreeView key={JSON.stringify(asked.params)} tree={expand.data} label={t('platformAdmin.expand.treeLabel', { set: asked.text })} />
      )}
    </section>
  );
}
