/**
 * The provider currently in service. oidc-provider fixes its signing keys when it is built, so a
 * key rotation builds a new one from the stored keys and swaps it in; every instance checks the
 * stored keys now and then, so a rotation made through another instance reaches it too.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import type Provider from 'oidc-provider';
import type { Queryable } from '../db/database.js';
import { loadKeys, type ProviderKeys } from './keys/provider-keys.js';

type Handler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

function fingerprint(keys: ProviderKeys): string {
  return createHash('sha256').update(JSON.stringify(keys)).digest('hex');
}

export class ProviderHost {
  private provider: Provider;
  private handler: Handler;
  private keysFingerprint: string;

  constructor(
    private readonly build: (keys: ProviderKeys) => Provider,
    keys: ProviderKeys,
  ) {
    this.provider = build(keys);
    this.handler = this.provider.callback();
    this.keysFingerprint = fingerprint(keys);
  }

  get current(): Provider {
    return this.provider;
  }

  handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    return this.handler(request, response);
  }

  /** Rebuilds when the stored keys changed; answers whether it did. */
  async reload(db: Queryable): Promise<boolean> {
    const keys = await loadKeys(db);
    const next = fingerprint(keys);
    if (next === this.keysFingerprint) return false;
    const provider = this.build(keys);
    this.provider = provider;
    this.handler = provider.callback();
    this.keysFingerprint = next;
    return true;
  }
}
