/**
 * The identity service as the API sees it: its admin HTTP API through @ory/client (IdentityApi),
 * never its database, so a real Ory Network project or Kratos can stand in for the embedded one.
 * Failures become ApiErrors: the identity service's 400 and 409 keep their reason, anything it
 * cannot answer is a 502.
 */
import { Configuration, IdentityApi, type Identity } from '@ory/client';
import { ApiError } from '../http/api-error.js';

export interface IdentityProfile {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  state: 'active' | 'inactive';
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

export interface IdentityAdmin {
  /** Undefined when the identity service knows no such identity. */
  get(id: string): Promise<IdentityProfile | undefined>;
  /** Undefined when no identity signs in with this address. */
  findByEmail(email: string): Promise<IdentityProfile | undefined>;
  create(identity: NewIdentity): Promise<IdentityProfile>;
  update(id: string, change: ProfileChange): Promise<IdentityProfile | undefined>;
  recovery(id: string, method: 'link' | 'code', expiresIn: string): Promise<RecoveryGrant>;
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

function toProfile(identity: Identity): IdentityProfile {
  const traits = (identity.traits ?? {}) as { email?: string; name?: { first?: string; last?: string } };
  return {
    id: identity.id,
    email: traits.email ?? '',
    firstName: traits.name?.first ?? '',
    lastName: traits.name?.last ?? '',
    state: identity.state === 'inactive' ? 'inactive' : 'active',
  };
}

function traitsOf(email: string, firstName: string, lastName: string): Record<string, unknown> {
  const name: Record<string, string> = {};
  if (firstName) name.first = firstName;
  if (lastName) name.last = lastName;
  return Object.keys(name).length ? { email, name } : { email };
}

export function identityAdmin(adminUrl: string, adminToken: string): IdentityAdmin {
  const api = new IdentityApi(new Configuration({ basePath: adminUrl, accessToken: adminToken, baseOptions: { timeout: TIMEOUT_MS } }));

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
  };
}
