/**
 * Which OpenID Connect (and GitHub OAuth2) providers people may sign in with, read from the
 * `IDENTITY_OIDC_PROVIDERS` setting (JSON) or the file `IDENTITY_OIDC_PROVIDERS_FILE` names.
 * Presets fill in what a provider always has (issuer, label, scopes); each entry says only its
 * id, its client and what differs.
 */
export type ProviderPreset = 'google' | 'microsoft' | 'github' | 'generic';

export interface OidcProvider {
  /** Appears in URLs (`/self-service/methods/oidc/callback/{id}`) and in the credential. */
  id: string;
  label: string;
  preset: ProviderPreset;
  /** The OpenID Connect issuer; GitHub has none and uses fixed endpoints. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string[];
  /** Trait path (dots for nesting) → claim name. */
  traits: Record<string, string>;
}

export const DEFAULT_TRAIT_MAPPING: Readonly<Record<string, string>> = Object.freeze({
  email: 'email',
  'name.first': 'given_name',
  'name.last': 'family_name',
});

const PRESETS: Record<ProviderPreset, { label?: string; issuer?: (tenant?: string) => string; scopes: string[] }> = {
  google: { label: 'Google', issuer: () => 'https://accounts.google.com', scopes: ['openid', 'email', 'profile'] },
  microsoft: { label: 'Microsoft', issuer: (tenant) => `https://login.microsoftonline.com/${tenant}/v2.0`, scopes: ['openid', 'email', 'profile'] },
  github: { label: 'GitHub', issuer: () => 'https://github.com', scopes: ['read:user', 'user:email'] },
  generic: { scopes: ['openid', 'email', 'profile'] },
};

const ID = /^[a-z0-9][a-z0-9_-]{0,39}$/;
const TRAIT_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;
const TENANT = /^[A-Za-z0-9][A-Za-z0-9.-]{0,99}$/;

/** Plain http is for an issuer on this machine (development, tests); anything else needs https. */
export function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/**
 * Parses the setting; every problem names the variable, the entry and the field, and the
 * providers that parsed cleanly are returned alongside.
 */
export function parseOidcProviders(source: string, json: string): { providers: OidcProvider[]; problems: string[] } {
  const problems: string[] = [];
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (error) {
    return { providers: [], problems: [`${source}: expected JSON (${(error as Error).message})`] };
  }
  if (!Array.isArray(raw)) return { providers: [], problems: [`${source}: expected a JSON array of providers`] };
  const providers: OidcProvider[] = [];
  raw.forEach((entry: unknown, index) => {
    const where = `${source}[${index}]`;
    const provider = parseProvider(entry, (field, expected) => problems.push(`${where}${field ? `.${field}` : ''}: expected ${expected}`));
    if (!provider) return;
    if (providers.some((p) => p.id === provider.id)) problems.push(`${where}.id: "${provider.id}" is used by an earlier provider`);
    else providers.push(provider);
  });
  return { providers, problems };
}

function parseProvider(entry: unknown, problem: (field: string, expected: string) => void): OidcProvider | undefined {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return void problem('', 'an object');
  const e = entry as Record<string, unknown>;
  let failed = false;
  const fail = (field: string, expected: string) => {
    failed = true;
    problem(field, expected);
  };
  const text = (field: string, required: boolean): string | undefined => {
    const value = e[field];
    if (value === undefined && !required) return undefined;
    if (typeof value !== 'string' || !value.trim()) return void fail(field, 'a non-empty string');
    return value.trim();
  };
  const id = text('id', true);
  if (id !== undefined && !ID.test(id)) fail('id', 'lowercase letters, digits, "-" and "_" (at most 40), e.g. "google"');
  const presetName = text('preset', false) ?? 'generic';
  if (!(presetName in PRESETS)) fail('preset', 'one of google, microsoft, github, generic');
  const preset = PRESETS[presetName as ProviderPreset] ?? PRESETS.generic;
  const clientId = text('client_id', true);
  const clientSecret = text('client_secret', true);
  let issuer = text('issuer', presetName === 'generic');
  if (presetName === 'microsoft') {
    const tenant = text('tenant', true);
    if (tenant !== undefined && !TENANT.test(tenant)) fail('tenant', 'the directory (tenant) ID of the Microsoft Entra tenant');
    issuer ??= preset.issuer?.(tenant);
  } else {
    issuer ??= preset.issuer?.();
  }
  if (issuer !== undefined) {
    try {
      const url = new URL(issuer);
      if (url.protocol !== 'https:' && !isLoopbackHttp(url)) throw new Error('protocol');
      if (url.search || url.hash) throw new Error('query');
    } catch {
      fail('issuer', 'an https URL without query or fragment');
    }
  }
  let scopes = preset.scopes;
  if (e.scopes !== undefined) {
    if (!Array.isArray(e.scopes) || !e.scopes.every((s) => typeof s === 'string' && /^[\x21\x23-\x5B\x5D-\x7E]+$/.test(s))) fail('scopes', 'an array of scope names');
    else scopes = e.scopes as string[];
  }
  if (presetName !== 'github' && !scopes.includes('openid')) fail('scopes', 'a list including "openid"');
  let traits: Record<string, string> = { ...DEFAULT_TRAIT_MAPPING };
  if (e.traits !== undefined) {
    const map = e.traits;
    if (typeof map !== 'object' || map === null || Array.isArray(map)) fail('traits', 'an object of trait path → claim name, e.g. {"email":"email","name.first":"given_name"}');
    else {
      traits = {};
      for (const [path, claim] of Object.entries(map)) {
        if (!TRAIT_PATH.test(path) || typeof claim !== 'string' || !claim) fail(`traits.${path}`, 'a trait path (dots for nesting) mapped to a claim name');
        else traits[path] = claim;
      }
    }
  }
  const label = text('label', false) ?? preset.label ?? id;
  if (failed || !id || !clientId || !clientSecret || !issuer || !label) return undefined;
  return { id, label, preset: presetName as ProviderPreset, issuer, clientId, clientSecret, scopes, traits };
}

/** The project configuration's key for each field of the environment's format. */
const CONFIG_KEYS: Record<string, string> = { preset: 'provider', issuer: 'issuer_url', tenant: 'microsoft_tenant', scopes: 'scope' };

/**
 * A provider as the project configuration writes it (Kratos' keys: `provider`, `issuer_url`,
 * `microsoft_tenant`, `scope`), completed from the environment's provider of the same id: what
 * the entry leaves out, the client secret above all, comes from there.
 */
export function providerFromConfig(entry: Record<string, unknown>, fallback?: OidcProvider): { provider: OidcProvider } | { problem: string } {
  const preset = entry.provider ?? fallback?.preset;
  const tenantOfFallback = preset === 'microsoft' && fallback ? /^https:\/\/login\.microsoftonline\.com\/([^/]+)\/v2\.0$/.exec(fallback.issuer)?.[1] : undefined;
  const problems: string[] = [];
  const provider = parseProvider(
    {
      id: entry.id,
      preset,
      label: entry.label ?? fallback?.label,
      client_id: entry.client_id ?? fallback?.clientId,
      client_secret: entry.client_secret ?? fallback?.clientSecret,
      issuer: entry.issuer_url ?? (preset === 'microsoft' ? undefined : fallback?.issuer),
      tenant: entry.microsoft_tenant ?? tenantOfFallback,
      scopes: entry.scope ?? fallback?.scopes,
      traits: fallback?.traits,
    },
    (field, expected) => {
      if (field === 'client_secret') problems.push('.client_secret is required: give it here, or keep it in IDENTITY_OIDC_PROVIDERS under the same id');
      else problems.push(`${field ? `.${CONFIG_KEYS[field] ?? field}` : ''} must be ${expected}`);
    },
  );
  return provider ? { provider } : { problem: problems[0] ?? ' is not a provider this installation can use' };
}
