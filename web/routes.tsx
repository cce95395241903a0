/**
 * The client's routes. Sign-in, registration, recovery and registration completion are the
 * account cards, chunks of their own that do not load the session; neither does a project's
 * read-only link (`/share/:token`, a chunk of its own). Every other page is in the session area,
 * a chunk of its own that loads the session once and holds the data cache.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import type { FlowKind } from '../shared/identity-flow.js';
import { startFlowEarly } from './account/flow-start.js';
import { loadFlowTexts } from './account/flow-texts.js';
import { LoadingCard } from './ui/Card.js';

// Each card is an import of its own, so /login does not download the registration card; they
// share the flow renderer's chunk (vite.config.ts). The cards but sign-in come with their texts.
const withFlowTexts = async <T,>(card: Promise<T>) => (await Promise.all([card, loadFlowTexts().catch(() => undefined)]))[0];
const accountCards = {
  '/login': async () => (await import('./account/cards/LoginCard.js')).LoginCard,
  '/registration': async () => (await withFlowTexts(import('./account/cards/RegistrationCard.js'))).RegistrationCard,
  '/recovery': async () => (await withFlowTexts(import('./account/cards/CodeFlowCard.js'))).RecoveryCard,
  '/registration-completion': async () => (await withFlowTexts(import('./account/cards/RegistrationCompletionCard.js'))).RegistrationCompletionCard,
} satisfies Record<string, () => Promise<ComponentType>>;
type AccountPath = keyof typeof accountCards;
const isAccountPath = (path: string): path is AccountPath => Object.hasOwn(accountCards, path);
/** The identity flow each card shows (registration completion shows none). */
const CARD_FLOW: Partial<Record<AccountPath, FlowKind>> = { '/login': 'login', '/registration': 'registration', '/recovery': 'recovery' };
// On an account address the card and its flow are fetched beside the entry, not after its first render.
if (isAccountPath(window.location.pathname)) {
  void accountCards[window.location.pathname]();
  const kind = CARD_FLOW[window.location.pathname];
  if (kind) startFlowEarly(kind);
}

function accountCard(path: AccountPath) {
  const Card = lazy(async () => ({ default: await accountCards[path]() }));
  return function AccountCard() {
    return (
      <Suspense fallback={<LoadingCard />}>
        <Card />
      </Suspense>
    );
  };
}

const LoginCard = accountCard('/login');
const RegistrationCard = accountCard('/registration');
const RecoveryCard = accountCard('/recovery');
const RegistrationCompletionCard = accountCard('/registration-completion');

const SessionArea = lazy(async () => ({ default: (await import('./session-area.js')).SessionArea }));
const SharePage = lazy(async () => ({ default: await (await import('./share/load-share-page.js')).loadSharePage() }));

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
