/**
 * Every page that loads the session: verification, settings, consent, logout, the error card and
 * the application shell. One data cache for the whole visit, so the session is fetched once.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { RouterProvider } from 'react-aria-components';
import { Route, Switch } from 'wouter';
import { VerificationCard } from './account/cards/CodeFlowCard.js';
import { ConsentCard } from './account/cards/ConsentCard.js';
import { ErrorCard, ErrorView } from './account/cards/ErrorCard.js';
import { LogoutCard } from './account/cards/LogoutCard.js';
import { AppHome } from './AppHome.js';
import { createQueryClient } from './lib/query-client.js';
import { goTo } from './lib/navigate.js';
import { sessionKeys, userSettingsKeys } from './lib/query-keys.js';
import { SessionGate } from './session/SessionGate.js';
import { onSessionChanged } from './session/session-events.js';
import { UserLanguage } from './session/UserLanguage.js';
import { LoadingCard } from './ui/Card.js';

const queryClient = createQueryClient();
onSessionChanged(() => {
  queryClient.removeQueries({ queryKey: sessionKeys.all });
  queryClient.removeQueries({ queryKey: userSettingsKeys.all });
});

const SettingsPage = lazy(async () => ({ default: (await import('./account/settings/SettingsPage.js')).SettingsPage }));

function WithSession({ children }: { children: ReactNode }) {
  return (
    <SessionGate>
      <Suspense fallback={<LoadingCard />}>{children}</Suspense>
    </SessionGate>
  );
}

export function SessionArea() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider navigate={(path) => goTo(path)}>
        <UserLanguage />
        <Switch>
          <Route path="/verification">
            <WithSession>
              <VerificationCard />
            </WithSession>
          </Route>
          <Route path="/settings">
            <WithSession>
              <SettingsPage />
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
              <ErrorCard />
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
            <ErrorView error={{ code: 404, status: 'Not Found', path: window.location.pathname }} />
          </Route>
        </Switch>
      </RouterProvider>
    </QueryClientProvider>
  );
}
