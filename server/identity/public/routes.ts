/** The public API: self-service flows, sessions, logout, schemas, the WebAuthn script, errors, health. */
import type { FastifyInstance } from 'fastify';
import type { IdentityContext } from '../context.js';
import { loginFlow } from '../flows/login.js';
import { allowedReturnUrls } from '../flows/urls.js';
import { registerLogoutRoutes } from '../flows/logout.js';
import { recoveryFlow } from '../flows/recovery.js';
import { registrationFlow } from '../flows/registration.js';
import { registerFlowRoutes } from '../flows/routes.js';
import { settingsFlow } from '../flows/settings.js';
import { verificationFlow } from '../flows/verification.js';
import { registerOidcCallback } from '../strategies/oidc/callback.js';
import { registerSessionRoutes } from '../sessions/routes.js';
import { registerWebAuthnScript } from '../webauthn/script.js';
import { registerHealthRoutes } from './health.js';
import { registerErrorRoutes } from './self-service-errors.js';
import { registerSchemaRoutes } from './schemas.js';

export async function registerPublicRoutes(app: FastifyInstance, ctx: IdentityContext, version: string): Promise<void> {
  registerHealthRoutes(app, ctx, version);
  registerSchemaRoutes(app, ctx);
  registerWebAuthnScript(app);
  registerErrorRoutes(app, ctx);
  registerFlowRoutes(app, ctx, [loginFlow, registrationFlow, recoveryFlow, verificationFlow, settingsFlow]);
  registerOidcCallback(app, ctx);
  registerLogoutRoutes(app, ctx, () => allowedReturnUrls(ctx.options));
  registerSessionRoutes(app, ctx);
}
