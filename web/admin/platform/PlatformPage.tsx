/**
 * `/admin/platform`, `/admin/platform/permissions`, `/admin/platform/history`,
 * `/admin/platform/api-keys` and `/admin/platform/members` (global administrators): the identity
 * platform's one project, this installation — its configuration as forms (sign-in methods, social
 * sign-in, recovery and verification, password policy, sessions, OAuth2, permission limits), the
 * permission service (model, relationships, checks, expand trees), the history of its changes,
 * the API keys that manage it without a browser and the people who may.
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../lib/i18n.js';
import { goTo } from '../../lib/navigate.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { QueryError } from '../../ui/QueryError.js';
import { TabBar } from '../../ui/TabBar.js';
import { ApiKeysPanel } from './ApiKeysPanel.js';
import { MembersPanel } from './MembersPanel.js';
import { TAB_PATHS, type PlatformTab } from './platform-path.js';
import { useProject, useProjectList } from './queries.js';
import { RevisionHistory } from './RevisionHistory.js';
import { SettingsPanel } from './SettingsPanel.js';
import '../admin.css';
import './platform.css';

/** The permission service's screens (an editor, trees) are a chunk of their own: the settings do not wait for them. */
const PermissionsTab = lazy(async () => ({ default: (await import('./permissions/PermissionsTab.js')).PermissionsTab }));

const TABS: readonly PlatformTab[] = ['settings', 'permissions', 'history', 'api-keys', 'members'];

export function PlatformPage({ tab }: { tab: PlatformTab }) {
  const { t } = useTranslation();
  const list = useProjectList();
  const projectId = list.data?.[0]?.id;

  return (
    <>
      <PageHeader title={t('platformAdmin.title')} subtitle={t('platformAdmin.subtitle')} />
      {list.isError && !list.data ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : !projectId ? (
        list.data ? (
          <p className="panel-text">{t('platformAdmin.noProject')}</p>
        ) : (
          <div className="shell-loading spinner" />
        )
      ) : (
        <TabBar label={t('platformAdmin.title')} tabs={TABS.map((id) => ({ id, label: t(`platformAdmin.tabs.${id}`) }))} selected={tab} onSelect={(id) => goTo(TAB_PATHS[id])}>
          <TabContent tab={tab} projectId={projectId} />
        </TabBar>
      )}
    </>
  );
}

function TabContent({ tab, projectId }: { tab: PlatformTab; projectId: string }) {
  switch (tab) {
    case 'permissions':
      return <Permissions projectId={projectId} />;
    case 'history':
      return <RevisionHistory projectId={projectId} />;
    case 'api-keys':
      return <ApiKeysPanel projectId={projectId} />;
    case 'members':
      return <MembersPanel projectId={projectId} />;
    default:
      return <Settings projectId={projectId} />;
  }
}

function Settings({ projectId }: { projectId: string }) {
  const project = useProject(projectId);
  return <SettingsPanel query={project} />;
}

function Permissions({ projectId }: { projectId: string }) {
  const project = useProject(projectId);
  return (
    <Suspense fallback={<div className="shell-loading spinner" />}>
      <PermissionsTab query={project} />
    </Suspense>
  );
}
