/**
 * The survey area's screens by address. This file is the area's chunk entry: the shell loads it
 * when an address under `/orgs/…` or `/projects/…` is opened.
 */
import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { RequirePermission } from '../shell/RequirePermission.js';
import { NotFoundPage } from '../ui/NotFoundPage.js';
import { ProjectsPage } from './projects/ProjectsPage.js';
import './survey.css';

// The heatmap viewer is the area's largest screen: it loads when a floor is opened, not with the project list.
// The project page (its requirements form pulls number fields and checkboxes) loads when a project is opened.
const ProjectOverviewPage = lazy(async () => ({ default: (await import('./project-overview/ProjectOverviewPage.js')).ProjectOverviewPage }));
const FloorPage = lazy(async () => ({ default: (await import('./floor/FloorPage.js')).FloorPage }));
const StatisticsPage = lazy(async () => ({ default: (await import('./statistics/StatisticsPage.js')).StatisticsPage }));
// The people page explains each person's access: its texts come with it.
const PeoplePage = lazy(async () => {
  const page = await import('./people/PeoplePage.js');
  await page.loadAccessTexts();
  return { default: page.PeoplePage };
});
const ContactsPage = lazy(async () => ({ default: (await import('./contacts/ContactsPage.js')).ContactsPage }));

export function SurveyRoutes() {
  return (
    <Switch>
      <Route path="/orgs/:orgId/projects">
        {({ orgId }) => (
          <RequirePermission key={orgId} orgId={orgId} ids={['org:projects:read']}>
            <ProjectsPage orgId={orgId} />
          </RequirePermission>
        )}
      </Route>
      <Route path="/projects/:projectId/floors/:floorId">
        {({ projectId, floorId }) => (
          <Suspense fallback={<div className="shell-loading spinner" />}>
            <FloorPage key={floorId} projectId={projectId} floorId={floorId} />
          </Suspense>
        )}
      </Route>
      <Route path="/projects/:projectId/statistics">
        {({ projectId }) => (
          <Suspense fallback={<div className="shell-loading spinner" />}>
            <StatisticsPage key={projectId} projectId={projectId} />
          </Suspense>
        )}
      </Route>
      <Route path="/projects/:projectId/people">
        {({ projectId }) => (
          <Suspense fallback={<div className="shell-loading spinner" />}>
            <PeoplePage key={projectId} projectId={projectId} />
          </Suspense>
        )}
      </Route>
      <Route path="/projects/:projectId/contacts">
        {({ projectId }) => (
          <Suspense fallback={<div className="shell-loading spinner" />}>
            <ContactsPage key={projectId} projectId={projectId} />
          </Suspense>
        )}
      </Route>
      <Route path="/projects/:projectId">
        {({ projectId }) => (
          <Suspense fallback={<div className="shell-loading spinner" />}>
            <ProjectOverviewPage key={projectId} projectId={projectId} />
          </Suspense>
        )}
      </Route>
      <Route component={NotFoundPage} />
    </Switch>
  );
}
