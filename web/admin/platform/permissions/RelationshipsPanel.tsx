/**
 * The relationships the permission service stores, filtered by any of namespace, object,
 * relation and subject (an id or a whole subject set), page by page as Keto pages them (a token
 * for the next page; the ones already seen kept for the way back). A relationship is added in a
 * dialog and deleted after a confirmation that names it; those of sitewave's own namespaces are
 * listed but kept by sitewave, which alone changes them.
 */
import { StackedTable } from '../../../ui/StackedTable.js';
import { useState, type FormEvent } from 'react';
import { Button } from 'react-aria-components';
import { PRODUCT_NAMESPACES } from '../../../../shared/permission-model.js';
import { apiFailureOf } from '../../../lib/api-failure.js';
import { useTranslation } from '../../../lib/i18n.js';
import { useConfirm } from '../../../ui/ConfirmProvider.js';
import { EmptyTableRow } from '../../../ui/EmptyTableRow.js';
import { TextField } from '../../../ui/form/TextField.js';
import { QueryError } from '../../../ui/QueryError.js';
import { toastStore } from '../../../ui/toast-store.js';
import { AddRelationshipModal } from './AddRelationshipModal.js';
import { useDeleteTuple, useTuples, type KetoParams } from './queries.js';
import { refusalText } from './refusal-text.js';
import { subjectText, tupleText, type RelationTuple } from './relation-tuples.js';
import { emptyTuple, filterParams, NEEDS_FILTER, useTupleForm } from './tuple-form.js';
import { ANY, NamespaceField, SubjectFields } from './TupleFields.js';
import '../../../ui/data-table.css';

/** sitewave's own namespaces: their relationships change with memberships, never here. */
const BUILT_IN: ReadonlySet<string> = new Set(PRODUCT_NAMESPACES);

export function RelationshipsPanel({ namespaces }: { namespaces: readonly string[] }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const filterForm = useTupleForm(t, emptyTuple('any', ANY), NEEDS_FILTER);
  const [filter, setFilter] = useState<KetoParams>({});
  // The tokens of the pages seen so far; the last is the page shown ('' is the first page).
  const [tokens, setTokens] = useState<string[]>(['']);
  const page = useTuples(filter, tokens.at(-1)!);
  const remove = useDeleteTuple();
  const [adding, setAdding] = useState(false);
  const rows = page.data?.relation_tuples ?? [];
  const next = page.data?.next_page_token ?? '';
  // A filter the service refused (a namespace no longer declared, say) is said in its words.
  const status = page.isError ? apiFailureOf(page.error).status : undefined;
  const refusedFilter = status !== undefined && status >= 400 && status < 500;

  function apply(event: FormEvent) {
    event.preventDefault();
    if (!filterForm.validate()) return;
    setFilter(filterParams(filterForm.values, ANY));
    setTokens(['']);
  }

  function clear() {
    filterForm.reset();
    setFilter({});
    setTokens(['']);
  }

  async function deleteTuple(tuple: RelationTuple) {
    const text = tupleText(tuple);
    const sure = await confirm({
      title: t('platformAdmin.relationships.deleteTitle'),
      message: (
        <>
          <p>{t('platformAdmin.relationships.deleteText')}</p>
          <code className="tuple-code">{text}</code>
        </>
      ),
      confirmLabel: t('platformAdmin.relationships.delete'),
      destructive: true,
    });
    if (!sure) return;
    try {
      await remove.mutateAsync(tuple);
      toastStore.show(t('platformAdmin.relationships.deleted', { tuple: text }), 'success');
    } catch (error) {
      toastStore.show(refusalText(t, apiFailureOf(error)), 'error');
    }
  }

  const columns = [
    t('platformAdmin.relationships.namespace'),
    t('platformAdmin.relationships.object'),
    t('platformAdmin.relationships.relation'),
    t('platformAdmin.relationships.subject'),
  ] as const;

  return (
    <section className="panel permission-panel" aria-labelledby="platform-relationships-title">
      <div className="panel-row panel-head">
        <div>
          <h2 id="platform-relationships-title" className="panel-title">
            {t('platformAdmin.relationships.title')}
          </h2>
          <p className="panel-text">{t('platformAdmin.relationships.text')}</p>
        </div>
        <Button className="button button-primary" onPress={() => setAdding(true)} isDisabled={namespaces.length === 0}>
          {t('platformAdmin.relationships.add')}
        </Button>
      </div>

      <form role="search" className="relationship-filters" aria-label={t('platformAdmin.relationships.filters')} noValidate onSubmit={apply}>
        <div className="form-grid">
          <NamespaceField label={t('platformAdmin.relationships.namespace')} namespaces={namespaces} binding={filterForm.field('namespace')} withAny />
          <TextField label={t('platformAdmin.relationships.object')} autoComplete="off" {...filterForm.field('object')} />
          <TextField label={t('platformAdmin.relationships.relation')} autoComplete="off" {...filterForm.field('relation')} />
          <SubjectFields namespaces={namespaces} bindings={filterForm.subject} withAny />
        </div>
        <div className="form-actions">
          <Button className="button button-secondary" onPress={clear}>
            {t('platformAdmin.relationships.clearFilters')}
          </Button>
          <Button className="button button-primary" type="submit">
            {t('platformAdmin.relationships.applyFilters')}
          </Button>
        </div>
      </form>

      {page.isError && !page.data && !refusedFilter ? (
        <QueryError error={page.error} onRetry={() => void page.refetch()} />
      ) : (
        <div className="data-table">
          {page.isError && (
            <p className="form-error" role="alert">
              {refusalText(t, apiFailureOf(page.error))}
            </p>
          )}
          <StackedTable
            labelledBy="platform-relationships-title"
            columns={[...columns.map((label) => ({ label })), { label: t('admin.members.actions'), align: 'end' }]}
            busy={page.isFetching}
            className="relationship-table"
          >
            {rows.map((tuple) => {
              const text = tupleText(tuple);
              return (
                <tr key={text} className="table-row" role="row">
                  <th scope="row" role="rowheader" className="cell-strong">
                    {tuple.namespace}
                  </th>
                  <td role="cell" data-label={columns[1]}>
                    <code>{tuple.object}</code>
                  </td>
                  <td role="cell" data-label={columns[2]}>
                    {tuple.relation}
                  </td>
                  <td role="cell" data-label={columns[3]}>
                    <code>{subjectText(tuple)}</code>
                  </td>
                  <td role="cell" className="align-end row-actions">
                    {BUILT_IN.has(tuple.namespace) ? (
                      <span className="status-badge">{t('platformAdmin.relationships.keptBySitewave')}</span>
                    ) : (
                      <button
                        type="button"
                        className="button button-small button-secondary"
                        aria-label={t('platformAdmin.relationships.deleteOf', { tuple: text })}
                        onClick={() => void deleteTuple(tuple)}
                      >
                        {t('platformAdmin.relationships.delete')}
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
            {rows.length === 0 && (
              <EmptyTableRow columns={5} loading={page.isPending}>
                {Object.keys(filter).some((key) => filter[key] !== undefined) ? t('platformAdmin.relationships.noneMatch') : t('platformAdmin.relationships.none')}
              </EmptyTableRow>
            )}
          </StackedTable>
          {(tokens.length > 1 || next) && (
            <nav className="pagination" aria-label={t('shell.pagination')}>
              <p className="pagination-range" aria-live="polite">
                {t('platformAdmin.relationships.page', { page: tokens.length })}
              </p>
              <span className="pagination-pages">
                <Button className="button button-secondary button-small" isDisabled={tokens.length <= 1} onPress={() => setTokens((seen) => seen.slice(0, -1))}>
                  {t('shell.previousPage')}
                </Button>
                <Button className="button button-secondary button-small" isDisabled={!next || page.isPlaceholderData} onPress={() => setTokens((seen) => [...seen, next])}>
                  {t('shell.nextPage')}
                </Button>
              </span>
            </nav>
          )}
        </div>
      )}
      {adding && (
        <AddRelationshipModal
          namespaces={namespaces}
          initialNamespace={typeof filter.namespace === 'string' ? filter.namespace : null}
          onClose={() => setAdding(false)}
          onAdded={(tuple) => {
            setAdding(false);
            toastStore.show(t('platformAdmin.relationships.added', { tuple: tupleText(tuple) }), 'success');
          }}
        />
      )}
    </section>
  );
}
