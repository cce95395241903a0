/**
 * Every page that loads the session: verification, settings, consent, logout, the error card, the
 * invitation link (signed in or not) and the signed-in application (web/shell, a chunk of its own). One data cache for the whole visit,
 * so the session is fetched once.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { RouterProvider } from 'react-aria-components';
import { Route, Switch, useLocation } from 'wouter';
import { ErrorCard, ErrorView } from './account/cards/ErrorCard.js';
import { createQueryClient } from './lib/query-client.js';
import { goTo } from './lib/navigate.js';
import { sessionKeys, userSettingsKeys } from './lib/query-keys.js';
import { SessionGate } from './session/SessionGate.js';
import { loadSessionTexts } from './session/session-texts.js';
import { onSessionChanged } from './session/session-events.js';
import { areaOf } from './shell/areas.js';
import { UserLanguage } from './session/UserLanguage.js';
import { LoadingCard } from './ui/Card.js';

// The session cards' texts are not in the first download (locales/README.md).
await loadSessionTexts();

const queryClient = createQueryClient();
onSessionChanged(() => {
  queryClient.removeQueries({ queryKey: sessionKeys.all });
  queryClient.removeQueries({ queryKey: userSettingsKeys.all });
});

const Shell = lazy(async () => ({ default: (await import('./shell/Shell.js')).Shell }));
const InvitationPage = lazy(async () => ({ default: (await import('./invitation/InvitationPage.js')).InvitationPage }));
const SettingsPage = lazy(async () => ({ default: (await import('./account/settings/SettingsPage.js')).SettingsPage }));
// Each card with its flow renderer, fetched on its own address: the signed-in first load carries none.
const VerificationCard = lazy(async () => ({ default: (await import('./account/cards/VerificationCard.js')).VerificationCard }));
const ConsentCard = lazy(async () => ({ default: (await import('./account/cards/ConsentCard.js')).ConsentCard }));
const LogoutCard = lazy(async () => ({ default: (await import('./account/cards/LogoutCard.js')).LogoutCard }));

function WithSession({ children }: { children: ReactNode }) {
  return (
    <SessionGate>
      <Suspense fallback={<LoadingCard />}>{children}</Suspense>
    </SessionGate>
  );
}

/** The application's own addresses open the shell; anything else is the 404 card. */
function SignedInApp() {
  const [path] = useLocation();
  if (!areaOf(path)) return <ErrorView error={{ code: 404, status: 'Not Found', path }} />;
  return (
    <WithSession>
      <Shell />
    </WithSession>
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
          <Route path="/orgs/join">
            <Suspense fallback={<LoadingCard />}>
              <InvitationPage />
            </Suspense>
          </Route>
          <Route path="/error">
            <SessionGate onErrorPage>
              <ErrorCard />
            </SessionGate>
          </Route>
          <Route component={SignedInApp} />
        </Switch>
      </RouterProvider>
    </QueryClientProvider>
  );
}
