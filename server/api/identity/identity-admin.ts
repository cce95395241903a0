/**
 * The identity service as the API sees it: its admin HTTP API through @ory/client (IdentityApi),
 * never its database, so a real Ory Network project or Kratos can stand in for the embedded one.
 * Failures become ApiErrors: the identity service's 400 and 409 keep their reason, anything it
 * cannot answer is a 502.
 */
import { Configuration, CourierApi, IdentityApi, type Identity, type Message, type Session } from '@ory/client';
import { ApiError } from '../http/api-error.js';

export interface IdentityProfile {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  state: 'active' | 'inactive';
  /** Whether the identity service has verified the address; unknown to adapters that do not say. */
  emailVerified?: boolean;
}

export interface NewIdentity {
  email: string;
  firstName?: string;
  lastName?: string;
  password?: string;
  /** The address is known to belong to the person (an invite reached it, or an admin says so). */
  verified: boolean;
}

export interface ProfileChange {
  email?: string;
  firstName?: string;
  lastName?: string;
  state?: 'active' | 'inactive';
}

export interface RecoveryGrant {
  link: string;
  /** Present for the code method: the user types it on the recovery page the link opens. */
  code?: string;
  expiresAt?: string;
}

/** A session of an identity, as an administrator reviewing it needs it (never its token). */
export interface IdentitySession {
  id: string;
  active: boolean;
  authenticatedAt: string | null;
  issuedAt: string | null;
  expiresAt: string | null;
  aal: string | null;
  methods: string[];
  devices: { ipAddress: string | null; userAgent: string | null; location: string | null }[];
}

const MESSAGE_STATUSES = ['queued', 'processing', 'sent', 'abandoned'] as const;
type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** An e-mail the identity service sent or is sending: what went out and whether it arrived, not what it said. */
export interface SentMessage {
  id: string;
  subject: string;
  templateType: string;
  status: MessageStatus;
  sendCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface MessagePage {
  items: SentMessage[];
  /** Opaque; asks for the next (older) page. Null on the last page. */
  nextPageToken: string | null;
}

export interface IdentityAdmin {
  /** Undefined when the identity service knows no such identity. */
  get(id: string): Promise<IdentityProfile | undefined>;
  /** Undefined when no identity signs in with this address. */
  findByEmail(email: string): Promise<IdentityProfile | undefined>;
  create(identity: NewIdentity): Promise<IdentityProfile>;
  update(id: string, change: ProfileChange): Promise<IdentityProfile | undefined>;
  recovery(id: string, method: 'link' | 'code', expiresIn: string): Promise<RecoveryGrant>;
  /** The identity's newest sessions, active or not; undefined when there is no such identity. */
  listSessions(id: string, limit: number): Promise<IdentitySession[] | undefined>;
  /** Ends every session of the identity; false when there is no such identity. */
  revokeSessions(id: string): Promise<boolean>;
  /** Ends one session if it belongs to the identity; false otherwise (another's session is as unknown). */
  revokeSession(id: string, sessionId: string): Promise<boolean>;
  /** The e-mails sent to an address, newest first. */
  listMessages(recipient: string, pageSize: number, pageToken?: string): Promise<MessagePage>;
}

const SCHEMA_ID = 'default';
const TIMEOUT_MS = 10_000;

interface AxiosFailure {
  response?: { status: number; data?: { error?: { reason?: string; message?: string } } };
  message?: string;
}

function fail(error: unknown, what: string): never {
  const response = (error as AxiosFailure).response;
  if (!response) throw new ApiError(502, `The identity service could not be reached to ${what}`);
  const reason = response.data?.error?.reason ?? response.data?.error?.message ?? `status ${response.status}`;
  if (response.status === 400) throw new ApiError(400, `The identity service refused to ${what}: ${reason}`);
  if (response.status === 409) throw new ApiError(409, `An identity with this e-mail address already exists`);
  throw new ApiError(502, `The identity service answered ${response.status} when asked to ${what}`);
}

const is404 = (error: unknown) => (error as AxiosFailure).response?.status === 404;

function toSession(session: Session): IdentitySession {
  return {
    id: session.id,
    active: session.active === true,
    authenticatedAt: session.authenticated_at ?? null,
    issuedAt: session.issued_at ?? null,
    expiresAt: session.expires_at ?? null,
    aal: session.authenticator_assurance_level ?? null,
    methods: (session.authentication_methods ?? []).flatMap((m) => (m.method ? [m.method] : [])),
    devices: (session.devices ?? []).map((d) => ({ ipAddress: d.ip_address ?? null, userAgent: d.user_agent ?? null, location: d.location ?? null })),
  };
}

function toMessage(message: Message): SentMessage {
  return {
    id: message.id,
    subject: message.subject,
    templateType: message.template_type,
    // A state this client does not know yet reads as still on its way.
    status: MESSAGE_STATUSES.find((known) => known === message.status) ?? 'queued',
    sendCount: message.send_count,
    createdAt: message.created_at,
    updatedAt: message.updated_at,
  };
}

/** The `page_token` of a Kratos `Link: <…?page_token=…>; rel="next"` header. */
export function nextPageToken(link: string | undefined): string | null {
  const next = link?.split(',').find((part) => /rel="?next"?/.test(part));
  const url = next ? /<([^>]+)>/.exec(next)?.[1] : undefined;
  return url ? new URL(url, 'http://link.invalid').searchParams.get('page_token') : null;
}

function toProfile(identity: Identity): IdentityProfile {
  const traits = (identity.traits ?? {}) as { email?: string; name?: { first?: string; last?: string } };
  const email = traits.email ?? '';
  return {
    id: identity.id,
    email,
    firstName: traits.name?.first ?? '',
    lastName: traits.name?.last ?? '',
    state: identity.state === 'inactive' ? 'inactive' : 'active',
    emailVerified: (identity.verifiable_addresses ?? []).some((address) => address.verified && address.value.toLowerCase() === email.toLowerCase()),
  };
}

function traitsOf(email: string, firstName: string, lastName: string): Record<string, unknown> {
  const name: Record<string, string> = {};
  if (firstName) name.first = firstName;
  if (lastName) name.last = lastName;
  return Object.keys(name).length ? { email, name } : { email };
}

export function identityAdmin(adminUrl: string, adminToken: string): IdentityAdmin {
  const configuration = new Configuration({ basePath: adminUrl, accessToken: adminToken, baseOptions: { timeout: TIMEOUT_MS } });
  const api = new IdentityApi(configuration);
  const courier = new CourierApi(configuration);

  const get = async (id: string) => {
    try {
      return (await api.getIdentity({ id })).data;
    } catch (error) {
      if (is404(error)) return undefined;
      return fail(error, 'read an identity');
    }
  };

  return {
    async get(id) {
      const identity = await get(id);
      return identity && toProfile(identity);
    },

    async findByEmail(email) {
      try {
        const { data } = await api.listIdentities({ credentialsIdentifier: email, perPage: 1 });
        return data[0] && toProfile(data[0]);
      } catch (error) {
        return fail(error, 'look up an e-mail address');
      }
    },

    async create({ email, firstName = '', lastName = '', password, verified }) {
      try {
        const { data } = await api.createIdentity({
          createIdentityBody: {
            schema_id: SCHEMA_ID,
            traits: traitsOf(email, firstName, lastName),
            ...(password ? { credentials: { password: { config: { password } } } } : {}),
            ...(verified ? { verifiable_addresses: [{ value: email, via: 'email', verified: true, status: 'completed' }] } : {}),
          },
        });
        return toProfile(data);
      } catch (error) {
        return fail(error, 'create the identity');
      }
    },

    async update(id, change) {
      const current = await get(id);
      if (!current) return undefined;
      const profile = toProfile(current);
      const traits = {
        ...(current.traits as Record<string, unknown>),
        ...traitsOf(change.email ?? profile.email, change.firstName ?? profile.firstName, change.lastName ?? profile.lastName),
      };
      if (change.firstName === '' && change.lastName === '') delete traits.name;
      try {
        const { data } = await api.updateIdentity({
          id,
          updateIdentityBody: {
            schema_id: current.schema_id,
            traits,
            state: change.state ?? profile.state,
            metadata_public: current.metadata_public,
            metadata_admin: current.metadata_admin,
          },
        });
        return toProfile(data);
      } catch (error) {
        if (is404(error)) return undefined;
        return fail(error, 'update the identity');
      }
    },

    async recovery(id, method, expiresIn) {
      try {
        if (method === 'code') {
          const { data } = await api.createRecoveryCodeForIdentity({ createRecoveryCodeForIdentityBody: { identity_id: id, expires_in: expiresIn } });
          return { link: data.recovery_link, code: data.recovery_code, ...(data.expires_at ? { expiresAt: data.expires_at } : {}) };
        }
        const { data } = await api.createRecoveryLinkForIdentity({ createRecoveryLinkForIdentityBody: { identity_id: id, expires_in: expiresIn } });
        return { link: data.recovery_link, ...(data.expires_at ? { expiresAt: data.expires_at } : {}) };
      } catch (error) {
        if (is404(error)) throw new ApiError(404, `No user with id ${id}`);
        return fail(error, 'issue a recovery');
      }
    },

    async listSessions(id, limit) {
      try {
        const { data } = await api.listIdentitySessions({ id, pageSize: limit });
        return data.map(toSession);
      } catch (error) {
        if (is404(error)) return undefined;
        return fail(error, 'list the sessions');
      }
    },

    async revokeSessions(id) {
      try {
        await api.deleteIdentitySessions({ id });
        return true;
      } catch (error) {
        if (is404(error)) return false;
        return fail(error, 'end the sessions');
      }
    },

    async revokeSession(id, sessionId) {
      try {
        const { data } = await api.getSession({ id: sessionId, expand: ['identity'] });
        if (data.identity?.id !== id) return false;
        await api.disableSession({ id: sessionId });
        return true;
      } catch (error) {
        if (is404(error)) return false;
        return fail(error, 'end the session');
      }
    },

    async listMessages(recipient, pageSize, pageToken) {
      try {
        const { data, headers } = await courier.listCourierMessages({ recipient, pageSize, ...(pageToken ? { pageToken } : {}) });
        return { items: data.map(toMessage), nextPageToken: nextPageToken(headers.link as string | undefined) };
      } catch (error) {
        if ((error as AxiosFailure).response?.status === 400) throw new ApiError(400, 'pageToken: is not a token this list issued', { field: 'querystring/pageToken' });
        return fail(error, 'list the e-mails');
      }
    },
  };
}
