/**
 * Serving the WebAuthn script and the `script` node that names it. The node carries the
 * script's SHA-512 integrity, so a page refuses a script altered on its way.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { UiNode } from '../../../shared/identity-flow.js';
import { WEBAUTHN_SCRIPT } from './browser-script.js';

export const WEBAUTHN_SCRIPT_PATH = '/.well-known/ory/webauthn.js';

const INTEGRITY = `sha512-${createHash('sha512').update(WEBAUTHN_SCRIPT).digest('base64')}`;

export function registerWebAuthnScript(app: FastifyInstance): void {
  app.get(WEBAUTHN_SCRIPT_PATH, async (_request, reply) =>
    reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(WEBAUTHN_SCRIPT),
  );
}

/** Kratos files the script under `webauthn` whichever of the two methods asks for it. */
export function webauthnScriptNode(publicUrl: string): UiNode {
  return {
    type: 'script',
    group: 'webauthn',
    attributes: {
      src: `${publicUrl}${WEBAUTHN_SCRIPT_PATH}`,
      async: true,
      referrerpolicy: 'no-referrer',
      crossorigin: 'anonymous',
      integrity: INTEGRITY,
      type: 'text/javascript',
      id: 'webauthn_script',
      nonce: '',
      node_type: 'script',
    },
    messages: [],
    meta: {},
  };
}
