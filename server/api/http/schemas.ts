/** JSON schema fragments several routes share. */

/** An e-mail address; surrounding spaces are allowed and trimmed by the handler. */
export const EMAIL_SCHEMA = { type: 'string', minLength: 3, maxLength: 254, pattern: '^\\s*[^\\s@]+@[^\\s@]+\\.[^\\s@]+\\s*$' } as const;

export { UUID_PATTERN } from '../../../shared/uuid.js';
