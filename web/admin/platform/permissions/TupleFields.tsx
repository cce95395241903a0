/**
 * The fields the relationship forms share: a namespace picked from those the service knows, and a
 * subject given as an id or as a subject set (namespace, object, relation), or — in a filter —
 * not given at all. The forms keep them as flat values (tuple-form.ts) and lay them out here.
 */
import { useTranslation } from '../../../lib/i18n.js';
import type { FieldBinding } from '../../../ui/form/use-form-state.js';
import { SelectField } from '../../../ui/form/SelectField.js';
import { TextField } from '../../../ui/form/TextField.js';
import type { SubjectKind } from './tuple-form.js';

/** The namespace list's stand-in for "any namespace" in a filter (a select needs a key). */
export const ANY = '*';

export function NamespaceField({
  label,
  namespaces,
  binding,
  withAny = false,
  isRequired = false,
}: {
  label: string;
  namespaces: readonly string[];
  binding: FieldBinding<string | null>;
  withAny?: boolean;
  isRequired?: boolean;
}) {
  const { t } = useTranslation();
  const options = [...(withAny ? [{ id: ANY, label: t('platformAdmin.relationships.anyNamespace') }] : []), ...namespaces.map((name) => ({ id: name, label: name }))];
  return <SelectField label={label} options={options} isRequired={isRequired} {...binding} />;
}

export interface SubjectBindings {
  kind: FieldBinding<SubjectKind | null>;
  id: FieldBinding<string>;
  setNamespace: FieldBinding<string | null>;
  setObject: FieldBinding<string>;
  setRelation: FieldBinding<string>;
}

export function SubjectFields({ namespaces, bindings, withAny = false }: { namespaces: readonly string[]; bindings: SubjectBindings; withAny?: boolean }) {
  const { t } = useTranslation();
  const kinds: SubjectKind[] = withAny ? ['any', 'id', 'set'] : ['id', 'set'];
  const kind = bindings.kind.value;
  return (
    <>
      <SelectField
        label={t('platformAdmin.relationships.subject')}
        description={t('platformAdmin.relationships.subjectHint')}
        options={kinds.map((id) => ({ id, label: t(`platformAdmin.relationships.subjectKinds.${id}`) }))}
        isRequired={!withAny}
        {...bindings.kind}
        onChange={(value) => bindings.kind.onChange(value as SubjectKind | null)}
      />
      {kind === 'id' && <TextField label={t('platformAdmin.relationships.subjectId')} isRequired autoComplete="off" {...bindings.id} />}
      {kind === 'set' && (
        <fieldset className="form-section subject-set">
          <legend>{t('platformAdmin.relationships.subjectSet')}</legend>
          <div className="form-grid">
            <NamespaceField label={t('platformAdmin.relationships.setNamespace')} namespaces={namespaces} binding={bindings.setNamespace} isRequired />
            <TextField label={t('platformAdmin.relationships.setObject')} isRequired autoComplete="off" {...bindings.setObject} />
            <TextField
              label={t('platformAdmin.relationships.setRelation')}
              description={t('platformAdmin.relationships.setRelationHint')}
              autoComplete="off"
              {...bindings.setRelation}
            />
          </div>
        </fieldset>
      )}
    </>
  );
}
