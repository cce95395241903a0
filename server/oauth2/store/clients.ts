/**
 * What the admin API does with clients beyond oidc-provider's own reads: list them with Hydra's
 * filters and paging, and take a client's tokens with it when it goes.
 */
import type { ClientMetadata } from 'oidc-provider';
import type { Queryable } from '../../db/database.js';

export interface ClientFilter {
  clientName?: string;
  owner?: string;
  /** The last client id of the previous page. */
  after?: string;
  limit: number;
}

const TOKEN_MODELS = ['AccessToken', 'RefreshToken', 'AuthorizationCode', 'ClientCredentials', 'BackchannelAuthenticationRequest', 'DeviceCode'];

export async function listClients(db: Queryable, filter: ClientFilter): Promise<ClientMetadata[]> {
  const params: unknown[] = [];
  const conditions = ["model = 'Client'"];
  if (filter.clientName !== undefined) {
    params.push(filter.clientName);
    conditions.push(`client_name = $${params.length}`);
  }
  if (filter.owner !== undefined) {
    params.push(filter.owner);
    conditions.push(`owner = $${params.length}`);
  }
  if (filter.after !== undefined) {
    params.push(filter.after);
    conditions.push(`id > $${params.length}`);
  }
  params.push(filter.limit);
  const rows = await db.query<{ payload: ClientMetadata }>(`SELECT payload FROM models WHERE ${conditions.join(' AND ')} ORDER BY id LIMIT $${params.length}`, params);
  return rows.rows.map((row) => row.payload);
}

/** Every token, code and grant issued to the client. */
export async function deleteClientTokens(db: Queryable, clientId: string, withGrants: boolean): Promise<void> {
  const models = withGrants ? [...TOKEN_MODELS, 'Grant'] : TOKEN_MODELS;
  await db.query(`DELETE FROM models WHERE model = ANY($1) AND payload->>'clientId' = $2`, [models, clientId]);
}

/** Deletes the client; answers the name it had (for the audit trail), undefined when there was none. */
export async function deleteClient(db: Queryable, clientId: string): Promise<string | undefined> {
  const result = await db.query<{ client_name: string | null }>("DELETE FROM models WHERE model = 'Client' AND id = $1 RETURNING client_name", [clientId]);
  return result.rows[0] ? (result.rows[0].client_name ?? '') : undefined;
}

/** Tokens of grants that were revoked (a consent withdrawn), and the grants themselves. */
export async function revokeGrants(db: Queryable, grantIds: readonly string[]): Promise<void> {
  if (grantIds.length === 0) return;
  await db.query(`DELETE FROM models WHERE grant_id = ANY($1) OR (model = 'Grant' AND id = ANY($1))`, [grantIds]);
}
