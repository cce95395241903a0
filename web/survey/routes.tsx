/**
 * The survey area's screens by address. This file is the area's chunk entry: the shell loads it
 * when an address under `/orgs/…` or `/projects/…` is opened.
 */
import { Route, Switch } from 'wouter';
import { NotFoundPage } from '../ui/NotFoundPage.js';
import { ProjectOverviewPage } from './project-overview/ProjectOverviewPage.js';
import { ProjectsPage } from './projects/ProjectsPage.js';
import './survey.css';

export function SurveyRoutes() {
  return (
    <Switch>
      <Route path="/orgs/:orgId/projects">{({ orgId }) => <ProjectsPage key={orgId} orgId={orgId} />}</Route>
      <Route path="/projects/:projectId">{({ projectId }) => <ProjectOverviewPage key={projectId} projectId={projectId} />}</Route>
      <Route component={NotFoundPage} />
    </Switch>
  );
}
