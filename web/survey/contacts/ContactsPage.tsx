/**
 * `/projects/:projectId/contacts`: the people on site a surveyor may need (facility management,
 * IT, security), with their address and number one tap away. Whoever may manage contacts adds,
 * changes and deletes them; everyone who sees the project reads them.
 */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { Contact } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { useListParams } from '../../lib/list-params.js';
import { projectsPath } from '../../shell/org-path.js';
import { useOrgName } from '../../shell/shell-context.js';
import { usePermissions } from '../../shell/use-permissions.js';
import { useConfirm } from '../../ui/ConfirmProvider.js';
import { ListSearch } from '../../ui/ListSearch.js';
import { NotFoundPage } from '../../ui/NotFoundPage.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { Pagination } from '../../ui/Pagination.js';
import { errorStatus, QueryError } from '../../ui/QueryError.js';
import { toastStore } from '../../ui/toast-store.js';
import { useProject } from '../project-overview/queries.js';
import { ContactCard } from './ContactCard.js';
import { ContactFormModal } from './ContactFormModal.js';
import { useContacts, useDeleteContact } from './queries.js';

export function ContactsPage({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const project = useProject(projectId);
  const orgId = project.data?.orgId ?? '';
  const orgName = useOrgName(orgId, t('shell.organization'));
  const { can } = usePermissions({ orgId: orgId || null, projectId });
  const mayManage = can('project:contacts:manage');
  const [params, setParams] = useListParams<'name'>({ sort: 'name', sorts: ['name'] });
  const contacts = useContacts(projectId, { q: params.q, page: params.page, perPage: params.perPage });
  const remove = useDeleteContact(projectId);
  const confirm = useConfirm();
  // `null`: a new contact; a contact: that one changed.
  const [editing, setEditing] = useState<Contact | null | undefined>(undefined);

  async function deleteContact(contact: Contact) {
    const sure = await confirm({
      title: t('survey.contacts.deleteTitle', { name: contact.name }),
      message: t('survey.contacts.deleteText'),
      confirmLabel: t('survey.contacts.delete'),
      destructive: true,
    });
    if (!sure) return;
    try {
      await remove.mutateAsync(contact.id);
      toastStore.show(t('survey.contacts.deletedToast', { name: contact.name }), 'success');
    } catch {
      toastStore.show(t('survey.contacts.deleteFailed'), 'error');
    }
  }

  if (errorStatus(project.error) === 404) return <NotFoundPage />;
  if (project.isError) return <QueryError error={project.error} onRetry={() => void project.refetch()} />;
  if (!project.data) return <div className="shell-loading spinner" aria-label={t('common.loading')} />;

  const items = contacts.data?.items ?? [];
  return (
    <>
      <PageHeader
        title={t('survey.contacts.title')}
        crumbs={[{ label: orgName, href: projectsPath(orgId) }, { label: project.data.name, href: `/projects/${projectId}` }, { label: t('survey.contacts.title') }]}
        actions={
          mayManage && (
            <Button className="button button-primary" onPress={() => setEditing(null)}>
              {t('survey.contacts.add')}
            </Button>
          )
        }
      />
      <div className="list-toolbar">
        <ListSearch label={t('survey.contacts.search')} value={params.q} onChange={(q) => setParams({ q })} />
      </div>
      {contacts.isError && !contacts.data ? (
        <QueryError error={contacts.error} onRetry={() => void contacts.refetch()} />
      ) : contacts.isPending ? (
        <div className="spinner" role="status" aria-label={t('common.loading')} />
      ) : items.length === 0 ? (
        <p className="contacts-empty">{params.q ? t('shell.noMatches') : mayManage ? t('survey.contacts.empty') : t('survey.contacts.emptyReadOnly')}</p>
      ) : (
        <ul className="contact-cards" aria-label={t('survey.contacts.title')} aria-busy={contacts.isFetching || undefined}>
          {items.map((contact) => (
            <ContactCard
              key={contact.id}
              contact={contact}
              onEdit={mayManage ? () => setEditing(contact) : undefined}
              onDelete={mayManage ? () => void deleteContact(contact) : undefined}
            />
          ))}
        </ul>
      )}
      {contacts.data && contacts.data.total > params.perPage && (
        <Pagination
          page={params.page}
          perPage={params.perPage}
          total={contacts.data.total}
          onPage={(page) => setParams({ page })}
          onPerPage={(perPage) => setParams({ perPage })}
        />
      )}
      {editing !== undefined && <ContactFormModal projectId={projectId} contact={editing ?? undefined} onClose={() => setEditing(undefined)} />}
    </>
  );
}
