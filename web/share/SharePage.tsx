/**
 * `/share/:token`: a project opened by its read-only link, for someone without an account. The
 * project's name and customer, its shared floors as tabs (each the heatmap viewer of the floor),
 * and the statistics of those floors. Outside the signed-in application: the session is never
 * loaded and no session API is called; every read goes to the link's `/api/share/{token}/…`
 * mirrors. A chunk of its own with its own data cache.
 */
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import type { SharedProject, Thresholds } from '../lib/api-types.js';
import { useDocumentTitle } from '../lib/document-title.js';
import { loadAppTexts } from '../lib/app-texts.js';
import { useTranslation } from '../lib/i18n.js';
import { createQueryClient } from '../lib/query-client.js';
import { LoadingCard } from '../ui/Card.js';
import { ConfirmProvider } from '../ui/ConfirmProvider.js';
import { StatisticsSections } from '../survey/statistics/StatisticsSections.js';
import { shareSource, SurveySourceProvider } from '../survey/survey-source.js';
import { errorStatus } from '../ui/QueryError.js';
import { shareKeys, useSharedProject } from './queries.js';
import { ShareClosed } from './ShareClosed.js';
import { SharedFloor } from './SharedFloor.js';
import '../shell/shell.css';
import '../survey/survey.css';
import './share.css';

await loadAppTexts();

const queryClient = createQueryClient();

export function SharePage({ token }: { token: string }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfirmProvider>
        <SharedProjectView token={token} />
      </ConfirmProvider>
    </QueryClientProvider>
  );
}

/**
 * A link revoked or expired while its page is open: the next read that fails says so (410), and
 * the page asks for the project again, which turns the whole page into the closed card.
 */
function useClosedLinkWatch(token: string) {
  const client = useQueryClient();
  useEffect(() => {
    const projectKey = JSON.stringify(shareKeys.project(token));
    return client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error' || JSON.stringify(event.query.queryKey) === projectKey) return;
      if (errorStatus(event.action.error) === 410) void client.invalidateQueries({ queryKey: shareKeys.project(token) });
    });
  }, [client, token]);
}

function SharedProjectView({ token }: { token: string }) {
  const shared = useSharedProject(token);
  useClosedLinkWatch(token);
  const source = useMemo(() => shareSource(token), [token]);
  if (shared.isPending) return <LoadingCard />;
  if (shared.isError) return <ShareClosed error={shared.error} onRetry={() => void shared.refetch()} />;
  return (
    <SurveySourceProvider value={source}>
      <SharedProjectPage project={shared.data} />
    </SurveySourceProvider>
  );
}

function SharedProjectPage({ project }: { project: SharedProject }) {
  const { t, i18n } = useTranslation();
  const settings = project.settings;
  const fallback = settings.wifi ?? Object.values(settings)[0]!;
  const thresholdsFor = (technology: string): Thresholds => settings[technology] ?? fallback;
  useDocumentTitle([project.name]);
  const until = project.expiresAt && new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(project.expiresAt));

  return (
    <div className="share-page">
      <header className="share-header">
        <div className="share-header-inner">
          <p className="share-kicker">{t('share.page.readOnly')}</p>
          <h1 className="share-title">{project.name}</h1>
          <p className="share-meta">
            {project.customer && <span>{t('share.page.customer', { customer: project.customer })}</span>}
            {until && <span>{t('share.page.until', { date: until })}</span>}
          </p>
        </div>
      </header>
      <main id="main" className="shell-main share-main">
        <section className="share-section" aria-labelledby="share-floors-title">
          <h2 id="share-floors-title" className="share-section-title">
            {t('share.page.floors')}
          </h2>
          {project.floors.length === 0 ? (
            <p>{t('share.page.noFloors')}</p>
          ) : (
            <Tabs className="share-tabs" defaultSelectedKey={project.floors[0]!.id}>
              <TabList className="share-tab-list" aria-label={t('share.page.floors')}>
                {project.floors.map((floor) => (
                  <Tab key={floor.id} id={floor.id} className="share-tab">
                    {floor.name}
                  </Tab>
                ))}
              </TabList>
              {project.floors.map((floor) => (
                <TabPanel key={floor.id} id={floor.id} className="share-tab-panel">
                  <SharedFloor floorId={floor.id} thresholdsFor={thresholdsFor} />
                </TabPanel>
              ))}
            </Tabs>
          )}
        </section>
        <section className="share-section" aria-labelledby="share-statistics-title">
          <h2 id="share-statistics-title" className="share-section-title">
            {t('survey.statistics.title')}
          </h2>
          {project.limited && <p className="panel-text">{t('share.page.statisticsLimited')}</p>}
          <StatisticsSections projectId="" />
        </section>
      </main>
    </div>
  );
}
