/**
 * The client's routes. Sign-in, registration, recovery and registration completion render at
 * once; every other page loads the session first (once per visit). The settings screen is its own
 * chunk: it is not needed to sign in.
 */
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { RecoveryCard, VerificationCard } from './account/cards/CodeFlowCard.js';
import { LoginCard } from './account/cards/LoginCard.js';
import { RegistrationCard } from './account/cards/RegistrationCard.js';
import { RegistrationCompletionCard } from './account/cards/RegistrationCompletionCard.js';
import { SessionGate } from './session/SessionGate.js';
import { LoadingCard } from './ui/Card.js';

// Pages not on the way to signing in are chunks of their own, fetched when visited.
const ConsentCard = lazy(async () => ({ default: (await import('./account/cards/ConsentCard.js')).ConsentCard }));
const LogoutCard = lazy(async () => ({ default: (await import('./account/cards/LogoutCard.js')).LogoutCard }));
const ErrorCard = lazy(async () => ({ default: (await import('./account/cards/ErrorCard.js')).ErrorCard }));
const NotFound = lazy(async () => {
  const { ErrorView } = await import('./account/cards/ErrorCard.js');
  return { default: () => <ErrorView error={{ code: 404, message: 'Page not found' }} /> };
});
const AppHome = lazy(async () => ({ default: (await import('./AppHome.js')).AppHome }));

const settingsModules = import.meta.glob<{ SettingsPage: ComponentType }>('./account/settings/SettingsPage.tsx');

const SettingsScreen = lazy(async (): Promise<{ default: ComponentType }> => {
  const load = Object.values(settingsModules)[0];
  if (!load) {
    const { ErrorView } = await import('./account/cards/ErrorCard.js');
    return { default: () => <ErrorView error={{ code: 404, message: 'Settings are not available' }} /> };
  }
  return { default: (await load()).SettingsPage };
});

function WithSession({ children }: { children: ReactNode }) {
  return (
    <SessionGate>
      <Suspense fallback={<LoadingCard />}>{children}</Suspense>
    </SessionGate>
  );
}

export function AppRoutes() {
  return (
    <Switch>
      <Route path="/login" component={LoginCard} />
      <Route path="/registration" component={RegistrationCard} />
      <Route path="/recovery" component={RecoveryCard} />
      <Route path="/registration-completion" component={RegistrationCompletionCard} />
      <Route path="/verification">
        <WithSession>
          <VerificationCard />
        </WithSession>
      </Route>
      <Route path="/settings">
        <WithSession>
          <SettingsScreen />
        </WithSession>
      </Route>
      <Route path="/consent">
        <WithSession>
          <ConsentCard />
        </WithSession>
      </Route>
      <Route path="/logout">
        <WithSession>
          <LogoutCard />
        </WithSession>
      </Route>
      <Route path="/error">
        <SessionGate onErrorPage>
          <Suspense fallback={<LoadingCard />}>
            <ErrorCard />
          </Suspense>
        </SessionGate>
      </Route>
      <Route path="/_app">
        <WithSession>
          <AppHome />
        </WithSession>
      </Route>
      <Route path="/">
        <WithSession>
          <AppHome />
        </WithSession>
      </Route>
      <Route>
        <Suspense fallback={<LoadingCard />}>
          <NotFound />
        </Suspense>
      </Route>
    </Switch>
  );
}
