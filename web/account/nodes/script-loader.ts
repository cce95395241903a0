/**
 * The identity host's WebAuthn/passkey script, loaded once per page whatever number of nodes
 * name it, and its trigger functions called by name (`onclickTrigger`, `onloadTrigger`).
 */
import type { UiNodeScriptAttributes, UiNodeTrigger } from '../../../shared/identity-flow.js';

const loading = new Map<string, Promise<void>>();

export function loadScriptOnce(attributes: UiNodeScriptAttributes): Promise<void> {
  const existing = loading.get(attributes.src);
  if (existing) return existing;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.id = attributes.id;
    script.src = attributes.src;
    script.type = attributes.type || 'text/javascript';
    script.async = attributes.async;
    if (attributes.referrerpolicy) script.referrerPolicy = attributes.referrerpolicy;
    if (attributes.crossorigin) script.crossOrigin = attributes.crossorigin;
    if (attributes.integrity) script.integrity = attributes.integrity;
    if (attributes.nonce) script.nonce = attributes.nonce;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      loading.delete(attributes.src);
      reject(new Error(`Could not load ${attributes.src}`));
    });
    document.head.appendChild(script);
  });
  loading.set(attributes.src, promise);
  return promise;
}

/** Resolves once every script asked for so far has loaded or failed to. */
export function scriptsReady(): Promise<void> {
  return Promise.allSettled(loading.values()).then(() => undefined);
}

type TriggerFunction = (options?: unknown) => unknown;

/** Calls the script's function named by a trigger; the node's value (JSON options) is passed on. */
export async function runTrigger(trigger: UiNodeTrigger, value: unknown): Promise<void> {
  await scriptsReady();
  const fn = (window as unknown as Record<string, TriggerFunction | undefined>)[trigger];
  if (typeof fn !== 'function') return;
  let options: unknown = value;
  if (typeof value === 'string' && value.trim().startsWith('{')) {
    try {
      options = JSON.parse(value);
    } catch {
      options = value;
    }
  }
  fn(options === '' ? undefined : options);
}

/**
 * Runs a legacy `onclick` attribute of the form `window.fn({...})` without evaluating code (the
 * page's CSP forbids eval): the function is looked up by name and called with the parsed JSON.
 */
export async function runLegacyOnclick(onclick: string): Promise<void> {
  const match = /^\s*window\.([A-Za-z_$][\w$]*)\(([\s\S]*)\)\s*;?\s*$/.exec(onclick);
  if (!match) return;
  const [, name, args] = match;
  let options: unknown;
  if (args && args.trim()) {
    try {
      options = JSON.parse(args);
    } catch {
      return;
    }
  }
  await scriptsReady();
  const fn = (window as unknown as Record<string, TriggerFunction | undefined>)[name!];
  if (typeof fn === 'function') fn(options);
}
