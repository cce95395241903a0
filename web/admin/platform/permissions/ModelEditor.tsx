/**
 * The project's permission model in the Ory Permission Language, edited as text. The permission
 * service checks the text a moment after typing stops; its problems are listed with Keto's line
 * and column and underlined where they are (choosing one puts the cursor there). Saving first
 * shows a diff of the stored and the new text, then patches the namespaces setting against the
 * revision the editor was loaded at: when someone else saved meanwhile it says so and offers to
 * reload, and a refusal (a model the project may not have) is shown in the service's words.
 * Namespaces declared by name only are kept as they are and listed under the editor.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { apiFailureOf } from '../../../lib/api-failure.js';
import { useTranslation } from '../../../lib/i18n.js';
import { FormError } from '../../../ui/form/FormError.js';
import { Modal } from '../../../ui/Modal.js';
import { toastStore } from '../../../ui/toast-store.js';
import { setOperations } from '../config-patch.js';
import { ConflictNotice } from '../ConflictNotice.js';
import type { PlatformProject } from '../platform-types.js';
import { usePatchProject } from '../queries.js';
import { CodeEditor } from './CodeEditor.js';
import { sameLines } from './line-diff.js';
import { ModelDiff } from './ModelDiff.js';
import { modelOf, namespacesWith, NAMESPACES_POINTER } from './model-entries.js';
import { errorRange, type KetoSyntaxError } from './opl-position.js';
import { useModelSaved, useSyntaxCheck } from './queries.js';
import { useDebouncedValue } from './use-debounced-value.js';
import '../../../ui/button.css';
import '../../../ui/form/form-actions.css';

/** How long typing must pause before the model is checked. */
const CHECK_DELAY_MS = 400;

export function ModelEditor({ project, onReload }: { project: PlatformProject; onReload: () => Promise<unknown> }) {
  // After a reload the editor starts afresh from the project read again.
  const [generation, setGeneration] = useState(0);
  return <ModelEditorBody key={generation} project={project} onReload={onReload} onReloaded={() => setGeneration((n) => n + 1)} />;
}

function ModelEditorBody({ project, onReload, onReloaded }: { project: PlatformProject; onReload: () => Promise<unknown>; onReloaded: () => void }) {
  const { t } = useTranslation();
  const problemsId = useId();
  const textArea = useRef<HTMLTextAreaElement>(null);
  const patch = usePatchProject(project.id);
  const modelSaved = useModelSaved();
  const [loadedAt, setLoadedAt] = useState(project);
  const stored = useMemo(() => modelOf(loadedAt), [loadedAt]);
  const [draft, setDraft] = useState(stored.text);
  const [reviewing, setReviewing] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const refusalBox = useRef<HTMLDivElement>(null);
  // Under a long diff, a refusal must come into sight.
  useEffect(() => {
    if (refusal) refusalBox.current?.scrollIntoView({ block: 'nearest' });
  }, [refusal]);
  const [conflict, setConflict] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const dirty = draft !== stored.text;

  // A newer project replaces the one loaded while nothing is typed here, when it holds the same
  // model (another form's save), or when it holds what is typed (this editor's save).
  if (project.revision_id !== loadedAt.revision_id) {
    const newer = modelOf(project).text;
    if (!dirty || newer === stored.text || newer === draft) {
      setLoadedAt(project);
      setDraft(dirty ? draft : newer);
    }
  }

  const settled = useDebouncedValue(draft, CHECK_DELAY_MS);
  const check = useSyntaxCheck(settled.trim() === '' ? null : settled);
  const current = settled === draft && !check.isPlaceholderData;
  const problems: KetoSyntaxError[] = draft.trim() === '' ? [] : (check.data ?? []);
  const marks = problems.map((problem) => errorRange(draft, problem));

  function edit(value: string) {
    setDraft(value);
    setBlocked(false);
  }

  function showProblem(problem: KetoSyntaxError) {
    const { start, end } = errorRange(draft, problem);
    const area = textArea.current;
    if (!area) return;
    area.focus();
    area.setSelectionRange(start, end);
  }

  function review() {
    if (problems.length > 0) return setBlocked(true);
    setRefusal(null);
    setReviewing(true);
  }

  async function save() {
    setRefusal(null);
    setConflict(false);
    try {
      await patch.mutateAsync({ revisionId: loadedAt.revision_id, operations: setOperations(loadedAt, [{ pointer: NAMESPACES_POINTER, value: namespacesWith(loadedAt, draft) }]) });
    } catch (error) {
      const failure = apiFailureOf(error);
      if (failure.status === 409) {
        setReviewing(false);
        setConflict(true);
      } else setRefusal(failure.reason && failure.status !== undefined && failure.status < 500 ? t('platformAdmin.refused', { reason: failure.reason }) : t('admin.form.failed'));
      return;
    }
    setReviewing(false);
    toastStore.show(t('platformAdmin.model.saved'), 'success');
    await modelSaved();
  }

  async function reload() {
    await onReload();
    onReloaded();
  }

  const status =
    draft.trim() === ''
      ? null
      : check.isError && current
        ? t('platformAdmin.model.checkFailed')
        : !current || check.isFetching
          ? t('platformAdmin.model.checking')
          : problems.length === 0
            ? t('platformAdmin.model.valid')
            : t('platformAdmin.model.problems', { count: problems.length });

  return (
    <section className="panel model-panel" aria-labelledby="platform-model-title">
      <h2 id="platform-model-title" className="panel-title">
        {t('platformAdmin.model.title')}
      </h2>
      <p className="panel-text">{t('platformAdmin.model.text')}</p>
      <CodeEditor
        label={t('platformAdmin.model.editorLabel')}
        value={draft}
        onChange={edit}
        describedBy={problemsId}
        isInvalid={problems.length > 0}
        marks={marks}
        rows={14}
        placeholder={t('platformAdmin.model.placeholder')}
        textAreaRef={textArea}
      />
      <div id={problemsId} className="model-problems">
        <p className="model-status" role="status" data-tone={problems.length > 0 ? 'bad' : current && status ? 'good' : undefined}>
          {status}
        </p>
        {problems.length > 0 && (
          <ul className="model-problem-list">
            {problems.map((problem, index) => (
              <li key={index}>
                <button type="button" className="model-problem" onClick={() => showProblem(problem)}>
                  {t('platformAdmin.model.problemAt', { line: problem.start.Line, column: problem.start.column, message: problem.message })}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {stored.names.length > 0 && <p className="panel-text">{t('platformAdmin.model.namesOnly', { names: stored.names.join(', ') })}</p>}
      {conflict ? <ConflictNotice onReload={reload} /> : <FormError text={blocked ? t('platformAdmin.model.fixFirst') : null} />}
      <div className="form-actions">
        <Button className="button button-secondary" isDisabled={!dirty} onPress={() => edit(stored.text)}>
          {t('admin.reset')}
        </Button>
        <Button className="button button-primary" isDisabled={!dirty || sameLines(stored.text, draft)} onPress={review}>
          {t('platformAdmin.model.review')}
        </Button>
      </div>
      {reviewing && (
        <Modal
          isOpen
          size="2XL"
          title={t('platformAdmin.model.reviewTitle')}
          isDismissable={!patch.isPending}
          onOpenChange={(open) => !open && setReviewing(false)}
          footer={
            <>
              <Button className="button button-secondary" isDisabled={patch.isPending} onPress={() => setReviewing(false)}>
                {t('admin.cancel')}
              </Button>
              <Button className="button button-primary" isPending={patch.isPending} onPress={() => void save()}>
                {t('platformAdmin.model.save')}
              </Button>
            </>
          }
        >
          <p className="panel-text">{t('platformAdmin.model.reviewText')}</p>
          <ModelDiff before={stored.text} after={draft} />
          <div ref={refusalBox}>
            <FormError text={refusal} />
          </div>
        </Modal>
      )}
    </section>
  );
}
