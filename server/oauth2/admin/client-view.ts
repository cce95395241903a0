/**
 * A client as Hydra's admin API shows it: oidc-provider's registration metadata plus Hydra's own
 * fields (`scope` as one string, `skip_consent`, `owner`, timestamps), never the secret.
 */
import type Provider from 'oidc-provider';
import type { ClientMetadata } from 'oidc-provider';

export type HydraClient = Record<string, unknown> & { client_id: string };

/** Defaults Hydra reports for fields a client was created without. */
const SHOWN_EMPTY: Record<string, unknown> = {
  client_name: '',
  client_uri: '',
  logo_uri: '',
  policy_uri: '',
  tos_uri: '',
  owner: '',
  redirect_uris: [],
  post_logout_redirect_uris: [],
  audience: [],
  allowed_cors_origins: [],
  contacts: [],
  metadata: {},
  skip_consent: false,
};

export function clientView(metadata: ClientMetadata): HydraClient {
  const { client_secret: _secret, hydra_metadata: stored, ...visible } = metadata;
  return { ...SHOWN_EMPTY, ...visible, ...(stored === undefined ? {} : { metadata: stored }), client_id: metadata.client_id };
}

export async function findClientView(provider: Provider, clientId: string): Promise<HydraClient | undefined> {
  const client = await provider.Client.find(clientId);
  return client ? clientView(client.metadata()) : undefined;
}
