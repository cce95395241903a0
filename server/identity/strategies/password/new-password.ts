/**
 * A password someone chooses (registration, settings): checked against the policy and hashed,
 * or refused with the policy's messages on the `password` node.
 */
import type { UiNode } from '../../../../shared/identity-flow.js';
import type { IdentityContext } from '../../context.js';
import { addNodeMessage } from '../../ui/nodes.js';
import { PasswordTooLongError } from './hasher.js';

/** The hash, or undefined when refused (the reasons are on the node). */
export async function hashNewPassword(ctx: IdentityContext, nodes: readonly UiNode[], password: string, identifier: string | undefined): Promise<string | undefined> {
  const problems = await ctx.passwordValidator.validate({ password, identifier });
  for (const problem of problems) addNodeMessage(nodes, 'password', problem);
  if (problems.length) return undefined;
  try {
    return await ctx.hasher.hash(password);
  } catch (error) {
    if (!(error instanceof PasswordTooLongError)) throw error;
    addNodeMessage(nodes, 'password', error.uiText);
    return undefined;
  }
}
