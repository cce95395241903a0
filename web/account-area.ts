/**
 * The cards that sign a person in, a chunk of its own (routes.tsx): a signed-in visit never
 * downloads them or the flow renderer under them.
 */
export { RecoveryCard } from './account/cards/CodeFlowCard.js';
export { LoginCard } from './account/cards/LoginCard.js';
export { RegistrationCard } from './account/cards/RegistrationCard.js';
export { RegistrationCompletionCard } from './account/cards/RegistrationCompletionCard.js';
