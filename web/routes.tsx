/**
 * The client's routes. Sign-in, registration, recovery and registration completion are in the
 * first download and do not load the session; neither does a project's read-only link
 * (`/share/:token`, a chunk of its own). Every other page is in the session area, a chunk of its
 * own that loads the session once and holds the data cache.
 */
import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { RecoveryCard } from './account/cards/CodeFlowCard.js';
import { LoginCard } from './account/cards/LoginCard.js';
import { RegistrationCard } from './account/cards/RegistrationCard.js';
import { RegistrationCompletionCard } from './account/cards/RegistrationCompletionCard.js';
import { LoadingCard } from './ui/Card.js';

const SessionArea = lazy(async () => ({ default: (await import('./session-area.js')).SessionArea }));
const SharePage = lazy(async () => ({ default: (await import('./share/SharePage.js')).SharePage }));

export function AppRoutes() {
  return (
    <Switch>
      <Route path="/login" component={LoginCard} />
      <Route path="/registration" component={RegistrationCard} />
      <Route path="/recovery" component={RecoveryCard} />
      <Route path="/registration-completion" component={RegistrationCompletionCard} />
      <Route path="/share/:token">
        {(params) => (
          <Suspense fallback={<LoadingCard />}>
            <SharePage token={params.token} />
          </Suspense>
        )}
      </Route>
      <Route>
        <Suspense fallback={<LoadingCard />}>
          <SessionArea />
        </Suspense>
      </Route>
    </Switch>
  );
}
