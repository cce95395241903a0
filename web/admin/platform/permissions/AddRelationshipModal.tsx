/**
 * A new relationship: namespace, object, relation and a subject (an id or a subject set), written
 * with Keto's `PUT /admin/relation-tuples`. A refusal is said in the service's own words: an
 * unknown relation, a namespace the model does not declare, or one of sitewave's own namespaces,
 * whose relationships only sitewave writes.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from 'react-aria-components';
import { apiFailureOf } from '../../../lib/api-failure.js';
import { useTranslation } from '../../../lib/i18n.js';
import { FormError } from '../../../ui/form/FormError.js';
import { TextField } from '../../../ui/form/TextField.js';
import { Modal } from '../../../ui/Modal.js';
import { useAddTuple } from './queries.js';
import { refusalText } from './refusal-text.js';
import type { RelationTuple } from './relation-tuples.js';
import { emptyTuple, NEEDS_TUPLE, tupleOf, useTupleForm } from './tuple-form.js';
import { NamespaceField, SubjectFields } from './TupleFields.js';

export function AddRelationshipModal({
  namespaces,
  initialNamespace,
  onClose,
  onAdded,
}: {
  namespaces: readonly string[];
  initialNamespace: string | null;
  onClose: () => void;
  onAdded: (tuple: RelationTuple) => void;
}) {
  const { t } = useTranslation();
  const add = useAddTuple();
  const form = useTupleForm(t, emptyTuple('id', initialNamespace), NEEDS_TUPLE);
  const [refusal, setRefusal] = useState<string | null>(null);
  const refusalBox = useRef<HTMLDivElement>(null);
  // The dialog's body scrolls: a refusal under the last field must come into sight.
  useEffect(() => {
    if (refusal) refusalBox.current?.scrollIntoView({ block: 'nearest' });
  }, [refusal]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.validate() || add.isPending) return;
    setRefusal(null);
    const tuple = tupleOf(form.values);
    try {
      await add.mutateAsync(tuple);
    } catch (error) {
      return setRefusal(refusalText(t, apiFailureOf(error)));
    }
    onAdded(tuple);
  }

  return (
    <Modal
      isOpen
      size="XL"
      isDismissable={!add.isPending}
      onOpenChange={(open) => !open && onClose()}
      title={t('platformAdmin.relationships.addTitle')}
      footer={
        <>
          <Button className="button button-secondary" onPress={onClose} isDisabled={add.isPending}>
            {t('admin.cancel')}
          </Button>
          <Button className="button button-primary" type="submit" form="platform-add-relationship" isPending={add.isPending}>
            {t('platformAdmin.relationships.addSubmit')}
          </Button>
        </>
      }
    >
      <form id="platform-add-relationship" className="config-fields" noValidate onSubmit={(event) => void submit(event)}>
        <p className="panel-text">{t('platformAdmin.relationships.addText')}</p>
        <NamespaceField label={t('platformAdmin.relationships.namespace')} namespaces={namespaces} binding={form.field('namespace')} isRequired />
        <TextField
          label={t('platformAdmin.relationships.object')}
          description={t('platformAdmin.relationships.objectHint')}
          isRequired
          autoComplete="off"
          {...form.field('object')}
        />
        <TextField
          label={t('platformAdmin.relationships.relation')}
          description={t('platformAdmin.relationships.relationHint')}
          isRequired
          autoComplete="off"
          {...form.field('relation')}
        />
        <SubjectFields namespaces={namespaces} bindings={form.subject} />
        <div ref={refusalBox}>
          <FormError text={refusal} />
        </div>
      </form>
    </Modal>
  );
}
