/**
 * The smallest account pages a team would build with Ory Elements, unchanged, served from the
 * gateway's origin and talking to its `/.ory` as to any Ory project: each account route starts
 * or loads its flow and renders Ory's own card; `/` says who is signed in and offers signing out.
 */
import { Configuration, FrontendApi, type Session } from '@ory/client-fetch';
import { Login, Recovery, Registration, Settings, Verification } from '@ory/elements-react/theme';
import '@ory/elements-react/theme/styles.css';
import { useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

const sdkUrl = `${window.location.origin}/.ory`;
const sdk = new FrontendApi(new Configuration({ basePath: sdkUrl, credentials: 'include' }));
const ui = window.location.origin;

const config = {
  sdk: { url: sdkUrl },
  project: {
    name: 'sitewave',
    default_redirect_url: `${ui}/`,
    error_ui_url: `${ui}/error`,
    login_ui_url: `${ui}/login`,
    recovery_enabled: true,
    recovery_ui_url: `${ui}/recovery`,
    registration_enabled: true,
    registration_ui_url: `${ui}/registration`,
    settings_ui_url: `${ui}/settings`,
    verification_enabled: true,
    verification_ui_url: `${ui}/verification`,
  },
};

type Kind = 'login' | 'registration' | 'recovery' | 'verification' | 'settings';

const load: Record<Kind, (id: string) => Promise<object>> = {
  login: (id) => sdk.getLoginFlow({ id }),
  registration: (id) => sdk.getRegistrationFlow({ id }),
  recovery: (id) => sdk.getRecoveryFlow({ id }),
  verification: (id) => sdk.getVerificationFlow({ id }),
  settings: (id) => sdk.getSettingsFlow({ id }),
};

function card(kind: Kind, flow: any): ReactNode {
  switch (kind) {
    case 'login':
      return <Login flow={flow} config={config} />;
    case 'registration':
      return <Registration flow={flow} config={config} />;
    case 'recovery':
      return <Recovery flow={flow} config={config} />;
    case 'verification':
      return <Verification flow={flow} config={config} />;
    case 'settings':
      return <Settings flow={flow} config={config} />;
  }
}

function FlowPage({ kind }: { kind: Kind }) {
  const [flow, setFlow] = useState<object>();
  const [failure, setFailure] = useState<string>();
  useEffect(() => {
    const id = new URLSearchParams(window.location.search).get('flow');
    // No flow yet: the identity service creates one and sends the browser back here with its id.
    if (!id) return void window.location.assign(`${sdkUrl}/self-service/${kind}/browser`);
    load[kind](id).then(setFlow, (error: unknown) => setFailure(String(error)));
  }, [kind]);
  if (failure) return <p role="alert">{failure}</p>;
  return flow ? card(kind, flow) : <p>Loading…</p>;
}

function Home() {
  const [session, setSession] = useState<Session | null>();
  const [logoutUrl, setLogoutUrl] = useState<string>();
  useEffect(() => {
    sdk.toSession().then(
      (current) => {
        setSession(current);
        return sdk.createBrowserLogoutFlow().then((logout) => setLogoutUrl(logout.logout_url));
      },
      () => setSession(null),
    );
  }, []);
  if (session === undefined) return <p>Loading…</p>;
  if (!session) {
    return (
      <p>
        Not signed in. <a href="/login">Sign in</a> or <a href="/registration">sign up</a>.
      </p>
    );
  }
  const email = String((session.identity?.traits as { email?: string } | undefined)?.email ?? '');
  return (
    <p>
      Signed in as <strong data-testid="signed-in-as">{email}</strong>. {logoutUrl && <a href={logoutUrl}>Sign out</a>}
    </p>
  );
}

const kind = window.location.pathname.slice(1) as Kind;
createRoot(document.getElementById('root')!).render(kind in load ? <FlowPage kind={kind} /> : <Home />);
