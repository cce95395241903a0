/**
 * The client's routes. Sign-in, registration, recovery and registration completion are the
 * account area, a chunk of its own that does not load the session; neither does a project's
 * read-only link (`/share/:token`, a chunk of its own). Every other page is in the session area,
 * a chunk of its own that loads the session once and holds the data cache.
 */
import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { LoadingCard } from './ui/Card.js';

const ACCOUNT_PATHS = ['/login', '/registration', '/recovery', '/registration-completion'];
const accountArea = () => import('./account-area.js');
// On an account address the chunk is fetched beside the entry, not after its first render.
if (ACCOUNT_PATHS.includes(window.location.pathname)) void accountArea();

function accountCard(name: 'LoginCard' | 'RegistrationCard' | 'RecoveryCard' | 'RegistrationCompletionCard') {
  const Card = lazy(async () => ({ default: (await accountArea())[name] }));
  return function AccountCard() {
    return (
      <Suspense fallback={<LoadingCard />}>
        <Card />
      </Suspense>
    );
  };
}

const LoginCard = accountCard('LoginCard');
const RegistrationCard = accountCard('RegistrationCard');
const RecoveryCard = accountCard('RecoveryCard');
const RegistrationCompletionCard = accountCard('RegistrationCompletionCard');

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
