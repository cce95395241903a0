/** What the invitation link's check answers, as read off the API's contract. */
import type { paths } from '../../shared/api-types.js';

export type Invitation = paths['/api/validate']['get']['responses'][200]['content']['application/json'];
