/** The oidc strategy's nodes (Kratos `strategy/oidc/nodes.go`): one button per provider. */
import type { UiNode } from '../../../../shared/identity-flow.js';
import { hiddenNode, submitNode } from '../../ui/nodes.js';
import { linkProvider, signInWith, signUpWith, unlinkProvider } from './messages.js';
import type { OidcProvider } from './providers.js';

export const loginButton = (p: OidcProvider): UiNode => submitNode('provider', p.id, 'oidc', signInWith(p));
export const registrationButton = (p: OidcProvider): UiNode => submitNode('provider', p.id, 'oidc', signUpWith(p));
export const linkButton = (p: OidcProvider): UiNode => submitNode('link', p.id, 'oidc', linkProvider(p));
export const unlinkButton = (p: OidcProvider): UiNode => submitNode('unlink', p.id, 'oidc', unlinkProvider(p));
/** Which provider a registration completes once the missing traits are filled in. */
export const pendingProviderNode = (p: OidcProvider): UiNode => hiddenNode('provider', p.id, 'oidc');
