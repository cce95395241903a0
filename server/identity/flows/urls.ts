/** Where things live, as browsers see them. */
import type { FlowKind } from '../../../shared/identity-flow.js';
import type { IdentityServiceOptions } from '../options.js';

const trim = (url: string) => url.replace(/\/+$/, '');

export function publicPath(options: IdentityServiceOptions, path: string): string {
  return `${trim(options.publicUrl)}${path}`;
}

export function flowAction(options: IdentityServiceOptions, kind: FlowKind, flowId: string): string {
  return publicPath(options, `/self-service/${kind}?flow=${flowId}`);
}

export function flowUi(options: IdentityServiceOptions, kind: FlowKind | 'error', query?: Record<string, string>): string {
  const url = new URL(`${trim(options.uiUrl)}/${kind}`);
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
  return url.toString();
}

export function browserInit(options: IdentityServiceOptions, kind: FlowKind, query: Record<string, string | undefined> = {}): string {
  const url = new URL(publicPath(options, `/self-service/${kind}/browser`));
  for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

/** Where a finished flow sends the browser when it was given no return_to. */
export function defaultReturn(options: IdentityServiceOptions): string {
  return `${trim(options.uiUrl)}/`;
}

/** Where `return_to` may point: the account screens' origin and the configured URLs. */
export function allowedReturnUrls(options: IdentityServiceOptions): string[] {
  return [options.uiUrl, ...options.allowedReturnUrls];
}
