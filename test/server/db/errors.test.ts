import { describe, expect, it } from 'vitest';
import { isForeignKeyViolation, isPostgresError, isUniqueViolation } from '../../../server/db/errors.js';

describe('error mapping without a database', () => {
  it('does not take other errors for Postgres errors', () => {
    const epipe = Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
    for (const err of [epipe, new Error('23505'), { code: '23505', severity: 'ERROR' }, '23505', null, undefined]) {
      expect(isPostgresError(err)).toBe(false);
      expect(isUniqueViolation(err)).toBe(false);
      expect(isForeignKeyViolation(err)).toBe(false);
    }
  });
});
