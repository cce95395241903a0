/**
 * The OAuth2 provider as the API sees it: its Hydra-wire admin HTTP API through @ory/client
 * (OAuth2Api, JwkApi), never its database, so an external Hydra or Ory Network project can stand in for
 * the embedded one — the same arrangement as the identity service's admin API.
 *
 * Failures become ApiErrors: the provider's 400 keeps its reason, 409 stays a conflict, anything
 * it cannot answer is a 502. Without a configured provider every call is a 503 (see
 * `unconfiguredProviderAdmin`). Secrets travel only in return values, never in an error or a log.
 */
import { randomUUID } from 'node:crypto';
import { Configuration, JwkApi, OAuth2Api, type JsonWebKey, type OAuth2Client, type OAuth2ConsentSession, type TrustedOAuth2JwtGrantIssuer } from '@ory/client';
import { ApiError } from '../http/api-error.js';
import { nextPageToken } from '../identity/identity-admin.js';

/** A client as the provider stores it (Hydra's shape): what `replaceClient` sends back whole. */
export type ProviderClient = OAuth2Client & { client_id: string };

export interface ClientPage {
  items: ProviderClient[];
  nextPageToken: string | null;
}

export interface NewTrustedIssuer {
  issuer: string;
  subject?: string;
  allowAnySubject: boolean;
  scope: string[];
  /** A public key: the edge refuses private members before it gets here. */
  jwk: JsonWebKey;
  expiresAt: string;
}

/** The set Hydra signs ID tokens with. */
const ID_TOKEN_KEY_SET = 'hydra.openid.id-token';

/**
 * A public signing key as the provider lists it, the signing one first. The times are members
 * the embedded provider adds beside Hydra's (its admin/keys.ts); Hydra leaves them out.
 */
export interface ProviderSigningKey extends JsonWebKey {
  created_at?: string;
  rotate_after?: string;
  retired_at?: string;
  remove_after?: string;
}

export interface ProviderAdmin {
  listClients(query: { pageSize: number; pageToken?: string; name?: string }): Promise<ClientPage>;
  /** The answer carries `client_secret`: the provider shows it in this answer only. */
  createClient(client: OAuth2Client): Promise<ProviderClient>;
  /** Undefined when the provider knows no such client. */
  getClient(id: string): Promise<ProviderClient | undefined>;
  /** Replaces the client whole (PUT); a `client_secret` in it replaces the secret. Undefined when unknown. */
  replaceClient(id: string, client: OAuth2Client): Promise<ProviderClient | undefined>;
  /** Deletes the client and the provider deletes its tokens with it; false when unknown. */
  deleteClient(id: string): Promise<boolean>;
  /** Every consent session of a subject (an identity id), newest first. */
  listConsentSessions(subject: string): Promise<OAuth2ConsentSession[]>;
  /** Revokes the subject's consent to one client, or to all when `clientId` is absent, and the tokens granted under it. */
  revokeConsentSessions(subject: string, clientId?: string): Promise<void>;
  listTrustedIssuers(): Promise<TrustedOAuth2JwtGrantIssuer[]>;
  trustIssuer(grant: NewTrustedIssuer): Promise<TrustedOAuth2JwtGrantIssuer>;
  /** False when there is no such trust relationship. */
  deleteTrustedIssuer(id: string): Promise<boolean>;
  /** The ID token keys, the one that signs first. */
  listSigningKeys(): Promise<ProviderSigningKey[]>;
  /** A new key signs from now on; the older ones keep verifying the tokens they signed. */
  rotateSigningKey(): Promise<void>;
}

const TIMEOUT_MS = 10_000;
/** Consent sessions are read page by page up to this many; one person granting more applications is not a real case. */
const CONSENT_PAGE_SIZE = 250;
const CONSENT_PAGES = 8;
const ISSUER_PAGE_SIZE = 500;

interface AxiosFailure {
  response?: { status: number; data?: { error?: unknown; error_description?: string; message?: string } };
}

function fail(error: unknown, what: string): never {
  const response = (error as AxiosFailure).response;
  if (!response) throw new ApiError(502, `The OAuth2 provider could not be reached to ${what}`);
  const data = response.data ?? {};
  // Hydra answers `{error, error_description}`; Ory Network wraps it as `{error: {reason, message}}`.
  const nested = typeof data.error === 'object' && data.error !== null ? (data.error as { reason?: string; message?: string }) : undefined;
  const reason = data.error_description ?? nested?.reason ?? nested?.message ?? (typeof data.error === 'string' ? data.error : undefined) ?? `status ${response.status}`;
  if (response.status === 400) throw new ApiError(400, `The OAuth2 provider refused to ${what}: ${reason}`);
  if (response.status === 409) throw new ApiError(409, `The OAuth2 provider refused to ${what}: ${reason}`);
  if (response.status === 401 || response.status === 403) throw new ApiError(502, `The OAuth2 provider refused the API's admin token (OAUTH2_ADMIN_TOKEN) when asked to ${what}`);
  throw new ApiError(502, `The OAuth2 provider answered ${response.status} when asked to ${what}`);
}

const is404 = (error: unknown) => (error as AxiosFailure).response?.status === 404;

const withId = (client: OAuth2Client): ProviderClient => ({ ...client, client_id: client.client_id ?? '' });

export function providerAdmin(adminUrl: string, adminToken: string): ProviderAdmin {
  const configuration = new Configuration({ basePath: adminUrl.replace(/\/$/, ''), accessToken: adminToken, baseOptions: { timeout: TIMEOUT_MS } });
  const api = new OAuth2Api(configuration);
  const jwk = new JwkApi(configuration);

  return {
    async listClients({ pageSize, pageToken, name }) {
      try {
        const { data, headers } = await api.listOAuth2Clients({ pageSize, ...(pageToken ? { pageToken } : {}), ...(name ? { clientName: name } : {}) });
        return { items: data.map(withId), nextPageToken: nextPageToken(headers.link as string | undefined) };
      } catch (error) {
        if ((error as AxiosFailure).response?.status === 400 && pageToken)
          throw new ApiError(400, 'pageToken: is not a token this list issued', { field: 'querystring/pageToken' });
        return fail(error, 'list the applications');
      }
    },

    async createClient(client) {
      try {
        return withId((await api.createOAuth2Client({ oAuth2Client: client })).data);
      } catch (error) {
        return fail(error, 'create the application');
      }
    },

    async getClient(id) {
      try {
        return withId((await api.getOAuth2Client({ id })).data);
      } catch (error) {
        if (is404(error)) return undefined;
        return fail(error, 'read the application');
      }
    },

    async replaceClient(id, client) {
      try {
        return withId((await api.setOAuth2Client({ id, oAuth2Client: client })).data);
      } catch (error) {
        if (is404(error)) return undefined;
        return fail(error, 'update the application');
      }
    },

    async deleteClient(id) {
      try {
        await api.deleteOAuth2Client({ id });
        return true;
      } catch (error) {
        if (is404(error)) return false;
        return fail(error, 'delete the application');
      }
    },

    async listConsentSessions(subject) {
      const sessions: OAuth2ConsentSession[] = [];
      let pageToken: string | undefined;
      try {
        for (let page = 0; page < CONSENT_PAGES; page++) {
          const { data, headers } = await api.listOAuth2ConsentSessions({ subject, pageSize: CONSENT_PAGE_SIZE, ...(pageToken ? { pageToken } : {}) });
          sessions.push(...data);
          pageToken = nextPageToken(headers.link as string | undefined) ?? undefined;
          if (!pageToken) break;
        }
        return sessions;
      } catch (error) {
        return fail(error, "list the user's granted applications");
      }
    },

    async revokeConsentSessions(subject, clientId) {
      try {
        await api.revokeOAuth2ConsentSessions(clientId ? { subject, client: clientId } : { subject, all: true });
      } catch (error) {
        return fail(error, 'revoke the consent');
      }
    },

    async listTrustedIssuers() {
      try {
        return (await api.listTrustedOAuth2JwtGrantIssuers({ pageSize: ISSUER_PAGE_SIZE })).data;
      } catch (error) {
        return fail(error, 'list the trusted issuers');
      }
    },

    async trustIssuer(grant) {
      try {
        const { data } = await api.trustOAuth2JwtGrantIssuer({
          trustOAuth2JwtGrantIssuer: {
            issuer: grant.issuer,
            ...(grant.allowAnySubject ? { allow_any_subject: true } : { subject: grant.subject ?? '' }),
            scope: grant.scope,
            jwk: grant.jwk,
            expires_at: grant.expiresAt,
          },
        });
        return data;
      } catch (error) {
        return fail(error, 'trust the issuer');
      }
    },

    async deleteTrustedIssuer(id) {
      try {
        await api.deleteTrustedOAuth2JwtGrantIssuer({ id });
        return true;
      } catch (error) {
        if (is404(error)) return false;
        return fail(error, 'delete the trusted issuer');
      }
    },

    async listSigningKeys() {
      try {
        return (await jwk.getJsonWebKeySet({ set: ID_TOKEN_KEY_SET })).data.keys ?? [];
      } catch (error) {
        return fail(error, 'list the signing keys');
      }
    },

    async rotateSigningKey() {
      try {
        // Hydra takes the new key's id from the request; the embedded provider makes its own.
        await jwk.createJsonWebKeySet({ set: ID_TOKEN_KEY_SET, createJsonWebKeySet: { alg: 'RS256', use: 'sig', kid: randomUUID() } });
      } catch (error) {
        return fail(error, 'rotate the signing key');
      }
    },
  };
}

/**
 * Without OAUTH2_ADMIN_URL (a remote identity service and no provider named) there is nothing to
 * administer. 503, not 502: no upstream failed, the capability is switched off by configuration,
 * and the reason says which settings turn it on.
 */
export function unconfiguredProviderAdmin(): ProviderAdmin {
  const off = (): never => {
    throw new ApiError(503, 'No OAuth2 provider is configured: set OAUTH2_ADMIN_URL and OAUTH2_ADMIN_TOKEN');
  };
  return {
    listClients: off,
    createClient: off,
    getClient: off,
    replaceClient: off,
    deleteClient: off,
    listConsentSessions: off,
    revokeConsentSessions: off,
    listTrustedIssuers: off,
    trustIssuer: off,
    deleteTrustedIssuer: off,
    listSigningKeys: off,
    rotateSigningKey: off,
  };
}
