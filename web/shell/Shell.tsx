/**
 * The signed-in application: the top bar over the page of the address. Loaded as its own chunk
 * after sign-in; the survey and administration areas are chunks of their own again, so a visit
 * downloads only the area it opens.
 */
import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'wouter';
import { loadAppTexts } from '../lib/app-texts.js';
import { goTo } from '../lib/navigate.js';
import { useSession } from '../session/use-session.js';
import { LoadingCard } from '../ui/Card.js';
import { ConfirmProvider } from '../ui/ConfirmProvider.js';
import { NotFoundPage } from '../ui/NotFoundPage.js';
import { areaOf } from './areas.js';
import { useCurrentOrganization } from './current-org.js';
import { HomePage } from './HomePage.js';
import { orgIdInPath } from './org-path.js';
import { ShellContext } from './shell-context.js';
import { TopBar } from './TopBar.js';
import './shell.css';

await loadAppTexts();

const SurveyRoutes = lazy(async () => ({ default: (await import('../survey/routes.js')).SurveyRoutes }));
const AdminRoutes = lazy(async () => ({ default: (await import('../admin/routes.js')).AdminRoutes }));

export function Shell() {
  const [path] = useLocation();
  const session = useSession();
  const current = useCurrentOrganization(orgIdInPath(path));
  const anonymous = session.isSuccess && session.data === null;
  useEffect(() => {
    if (anonymous) goTo(`/login?return_to=${encodeURIComponent(window.location.href)}`, { replace: true });
  }, [anonymous]);
  if (!session.data) return <LoadingCard />;

  const area = areaOf(path);
  return (
    <ShellContext.Provider value={{ org: current.org, orgs: current.orgs, orgsPending: current.isPending }}>
      <div className="shell">
        <TopBar session={session.data} current={current} />
        <main id="main" className="shell-main">
          <ConfirmProvider>
            <Suspense fallback={<div className="shell-loading spinner" />}>
              {area === 'home' && <HomePage current={current} />}
              {area === 'survey' && <SurveyRoutes />}
              {area === 'admin' && <AdminRoutes />}
              {area === null && <NotFoundPage />}
            </Suspense>
          </ConfirmProvider>
        </main>
      </div>
    </ShellContext.Provider>
  );
}
