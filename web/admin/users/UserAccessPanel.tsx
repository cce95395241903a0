/**
 * On a person's page: what they may do in one of the projects they may see, and why. The
 * projects come from the permission engine's reverse lookup (at most 200, by organisation and
 * name); the answer for the chosen one is the same as on the project's people page.
 */
import { useState } from 'react';
import { Button, ListBox, ListBoxItem, Popover, Select, SelectValue, Text, type Key } from 'react-aria-components';
import type { User } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { ProjectAccessView } from '../../ui/access/ProjectAccessView.js';
import { FieldLabel } from '../../ui/form/FieldLabel.js';
import { QueryError } from '../../ui/QueryError.js';
import { useReadableProjects, useUserAccess } from './queries.js';
import { userName } from './UsersPage.js';
import '../../ui/form/field.css';
import '../../ui/form/select.css';

export function UserAccessPanel({ user }: { user: User }) {
  const { t } = useTranslation();
  const name = userName(user);
  const projects = useReadableProjects(user.id);
  const [projectId, setProjectId] = useState<string | null>(null);
  const access = useUserAccess(user.id, projectId);
  const items = projects.data?.items ?? [];
  const total = projects.data?.total ?? 0;

  return (
    <section className="panel" aria-labelledby="user-access">
      <h2 id="user-access" className="panel-title">
        {t('access.panel.title')}
      </h2>
      <p className="panel-text">{t('access.panel.text', { name })}</p>
      {projects.isError && <QueryError error={projects.error} onRetry={() => void projects.refetch()} />}
      {projects.isPending && <div className="spinner" aria-label={t('common.loading')} />}
      {projects.data && items.length === 0 && <p className="panel-text">{t('access.panel.none', { name })}</p>}
      {items.length > 0 && (
        <>
          <Select
            className="field field-select access-picker"
            selectedKey={projectId}
            onSelectionChange={(key: Key | null) => setProjectId(key === null ? null : String(key))}
            placeholder={t('admin.selectPlaceholder')}
          >
            <FieldLabel label={t('access.panel.project')} />
            <Button className="input select-button">
              <SelectValue className="select-value" />
              <span className="select-chevron" aria-hidden="true" />
            </Button>
            {total > items.length && (
              <Text slot="description" className="field-hint">
                {t('access.panel.firstOnly', { shown: items.length, total })}
              </Text>
            )}
            <Popover className="select-popover">
              <ListBox className="select-list" items={items}>
                {(project) => (
                  <ListBoxItem id={project.id} className="select-option" textValue={`${project.name} · ${project.orgName}`}>
                    {project.name} <span className="access-option-org">· {project.orgName}</span>
                  </ListBoxItem>
                )}
              </ListBox>
            </Popover>
          </Select>
          {projectId === null && <p className="panel-text">{t('access.panel.choose', { name })}</p>}
          {access.isError && <QueryError error={access.error} onRetry={() => void access.refetch()} />}
          {projectId !== null && access.isPending && <div className="spinner" aria-label={t('common.loading')} />}
          {access.data && projectId !== null && <ProjectAccessView access={access.data} />}
        </>
      )}
    </section>
  );
}
