/**
 * The strategies the project has turned on (`selfservice.methods.<method>.enabled`). Settings'
 * `profile` is no method and stays.
 */
import { IDENTITY_METHODS, type IdentityMethod } from '../../platform/project-settings.js';
import type { IdentityContext } from '../context.js';

const isMethod = (method: string): method is IdentityMethod => (IDENTITY_METHODS as readonly string[]).includes(method);

export function methodEnabled(ctx: IdentityContext, method: string): boolean {
  return !isMethod(method) || ctx.settings().methods[method];
}

export function enabledStrategies<S extends { method: string }>(ctx: IdentityContext, strategies: readonly S[]): S[] {
  return strategies.filter((strategy) => methodEnabled(ctx, strategy.method));
}
