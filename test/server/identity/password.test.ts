import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH, PASSWORD_MIN_LENGTH_MESSAGE } from '../../../shared/password-policy.js';
import { ARGON2_COST, PasswordTooLongError, createPasswordHasher } from '../../../server/identity/strategies/password/hasher.js';
import { invalidCredentials, passwordPolicyViolation } from '../../../server/identity/strategies/password/messages.js';
import { PASSWORD_MAX_LENGTH } from '../../../server/identity/strategies/password/password-text.js';
import { createPasswordValidator } from '../../../server/identity/strategies/password/validator.js';

// Texts and context keys as Kratos builds them in text/message_validation.go (ids and context
// keys as listed in the shared message catalogue).
const TOO_SIMILAR = {
  id: 4000031,
  text: 'The password can not be used because it is too similar to the identifier.',
  type: 'error',
};
const BREACHED = {
  id: 4000034,
  text: 'The password has been found in data breaches and must no longer be used.',
  type: 'error',
  context: { breaches: 1 },
};

function strongPassword(): string {
  return randomBytes(12).toString('base64url'); // 16 characters, 96 random bits
}

describe('password hasher', () => {
  const hasher = createPasswordHasher();

  it('verifies the password it hashed and rejects another', async () => {
    const stored = await hasher.hash('correct horse battery staple');
    expect(await hasher.verify(stored, 'correct horse battery staple')).toBe(true);
    expect(await hasher.verify(stored, 'correct horse battery stapler')).toBe(false);
    expect(await hasher.verify(stored, 'Correct horse battery staple')).toBe(false);
  });

  it('writes a PHC string with argon2id and the chosen parameters, salted afresh each time', async () => {
    expect(ARGON2_COST).toEqual({ memoryCost: 47_104, timeCost: 2 });
    const first = await hasher.hash('same password twice');
    const second = await hasher.hash('same password twice');
    const phc = /^\$argon2id\$v=19\$m=47104,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/;
    expect(first).toMatch(phc);
    expect(second).toMatch(phc);
    expect(first).not.toBe(second);
    expect(hasher.needsRehash(first)).toBe(false);
  });

  it('uses every byte of an 80-byte password (no 72-byte truncation)', async () => {
    const password = 'a'.repeat(72) + 'bcdefghi';
    expect(Buffer.byteLength(password)).toBe(80);
    const stored = await hasher.hash(password);
    expect(await hasher.verify(stored, password)).toBe(true);
    expect(await hasher.verify(stored, 'a'.repeat(72) + 'bcdefghX')).toBe(false);
    expect(await hasher.verify(stored, 'a'.repeat(72))).toBe(false);
  });

  it('round-trips emoji and umlauts, whichever way the umlaut was composed', async () => {
    const emoji = '🔐🦄 Grüße aus Köln 🙂';
    const stored = await hasher.hash(emoji);
    expect(await hasher.verify(stored, emoji)).toBe(true);
    expect(await hasher.verify(stored, '🔐🦄 Grüsse aus Köln 🙂')).toBe(false);

    const precomposed = 'Müller-Lüdenscheidt\u00fc';
    const decomposed = precomposed.normalize('NFD');
    expect(decomposed).not.toBe(precomposed);
    const umlauts = await hasher.hash(precomposed);
    expect(await hasher.verify(umlauts, precomposed)).toBe(true);
    expect(await hasher.verify(umlauts, decomposed)).toBe(true);
  });

  it('accepts the maximum length and refuses one more character with id 4000033', async () => {
    const longest = '€'.repeat(PASSWORD_MAX_LENGTH);
    expect(await hasher.verify(await hasher.hash(longest), longest)).toBe(true);

    const tooLong = `${longest}x`;
    const refusal = hasher.hash(tooLong);
    await expect(refusal).rejects.toBeInstanceOf(PasswordTooLongError);
    const error = (await refusal.catch((e: unknown) => e)) as PasswordTooLongError;
    expect(error.uiText).toEqual({
      id: 4000033,
      text: 'The password must be at most 1024 characters long, but got 1025.',
      type: 'error',
      context: { actual_length: 1025, max_length: 1024 },
    });
    expect(JSON.stringify(error.uiText.context)).toBe('{"actual_length":1025,"max_length":1024}');

    const stored = await hasher.hash('an ordinary password');
    expect(await hasher.verify(stored, tooLong)).toBe(false);
  });

  it('answers false for an unknown identity after comparable work', async () => {
    const stored = await hasher.hash('the real password');
    expect(await hasher.verifyAgainstNothing('the real password')).toBe(false);

    const time = async (run: () => Promise<boolean>) => {
      const start = performance.now();
      await run();
      return performance.now() - start;
    };
    const wrong: number[] = [];
    const nothing: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      wrong.push(await time(() => hasher.verify(stored, 'a wrong guess')));
      nothing.push(await time(() => hasher.verifyAgainstNothing('a wrong guess')));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[3] ?? 0;
    const ratio = median(nothing) / median(wrong);
    expect(ratio).toBeGreaterThan(1 / 3);
    expect(ratio).toBeLessThan(3);
  });

  it('reads parameters from the stored hash and flags hashes made with others for rehashing', async () => {
    const older = createPasswordHasher({ memoryCost: 19_456, timeCost: 2 });
    const stored = await older.hash('hashed with the OWASP floor');
    expect(stored).toContain('$m=19456,t=2,p=1$');
    expect(await hasher.verify(stored, 'hashed with the OWASP floor')).toBe(true);
    expect(hasher.needsRehash(stored)).toBe(true);
  });

  it('refuses costs below the OWASP minimum and malformed stored hashes', async () => {
    expect(() => createPasswordHasher({ memoryCost: 19_455, timeCost: 2 })).toThrow(RangeError);
    expect(() => createPasswordHasher({ memoryCost: 65_536, timeCost: 1 })).toThrow(RangeError);
    await expect(hasher.verify('$argon2id$v=19$m=47104,t=2,p=1$bm90', 'x')).rejects.toThrow();
    await expect(hasher.verify('plaintext', 'plaintext')).rejects.toThrow();
  });
});

describe('password policy', () => {
  const validator = createPasswordValidator();

  it('shares the minimum and the client wording with the client', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(12);
    expect(PASSWORD_MIN_LENGTH_MESSAGE).toBe('Password must have at least 12 characters');
  });

  it('reports 11 characters with id 4000032 and the lengths in context', async () => {
    const messages = await validator.validate({ password: 'Xk7#pQ2!mZr', identifier: 'jane.doe@example.com' });
    expect(messages).toEqual([
      {
        id: 4000032,
        text: 'The password must be at least 12 characters long, but got 11.',
        type: 'error',
        context: { min_length: 12, actual_length: 11 },
      },
    ]);
    expect(JSON.stringify(messages[0])).toBe(
      '{"id":4000032,"text":"The password must be at least 12 characters long, but got 11.",' + '"type":"error","context":{"actual_length":11,"min_length":12}}',
    );
  });

  it('counts characters, not bytes', async () => {
    const [message] = await validator.validate({ password: '🙂'.repeat(11) });
    expect(message?.context).toEqual({ actual_length: 11, min_length: 12 });
    expect(await validator.validate({ password: '🙂ü🦄ößä€🔐😀Ωж字' })).toEqual([]);
  });

  it('rejects a common breached password with id 4000034, in any case', async () => {
    expect(await validator.validate({ password: 'password1234', identifier: 'jane.doe@example.com' })).toEqual([BREACHED]);
    expect(await validator.validate({ password: 'Qwerty123456' })).toEqual([BREACHED]);
  });

  it('rejects a password too similar to the identifier with id 4000031 and no context', async () => {
    const messages = await validator.validate({
      password: 'jane.doe@example.com1',
      identifier: 'jane.doe@example.com',
    });
    expect(messages).toEqual([TOO_SIMILAR]);
    expect(messages[0]).not.toHaveProperty('context');
    expect(await validator.validate({ password: 'JANE.DOE@EXAMPLE.COM!!', identifier: 'jane.doe@example.com' })).toEqual([TOO_SIMILAR]);
    // No long shared run, but only four edits apart.
    expect(await validator.validate({ password: 'c4rl0s.c4rlson', identifier: 'carlos.carlson' })).toEqual([TOO_SIMILAR]);
  });

  it('passes a strong random 16-character password with no messages', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect(await validator.validate({ password: strongPassword(), identifier: 'jane.doe@example.com' })).toEqual([]);
    }
  });

  it('reports past the maximum with id 4000033', async () => {
    expect(await validator.validate({ password: 'x'.repeat(1025) })).toEqual([
      {
        id: 4000033,
        text: 'The password must be at most 1024 characters long, but got 1025.',
        type: 'error',
        context: { actual_length: 1025, max_length: 1024 },
      },
    ]);
    const short = createPasswordValidator({ maxLength: 64 });
    const [message] = await short.validate({ password: strongPassword().repeat(5) });
    expect(message).toMatchObject({ id: 4000033, context: { actual_length: 80, max_length: 64 } });
  });

  it('lets each rule be configured', async () => {
    const lenient = createPasswordValidator({ minLength: 8, identifierSimilarity: false, breachedCheck: false });
    expect(await lenient.validate({ password: 'password1234' })).toEqual([]);
    expect(await lenient.validate({ password: 'jane.doe@example.com1', identifier: 'jane.doe@example.com' })).toEqual([]);
    const [short] = await lenient.validate({ password: 'Xk7#pQ2' });
    expect(short).toMatchObject({
      id: 4000032,
      text: 'The password must be at least 8 characters long, but got 7.',
      context: { min_length: 8, actual_length: 7 },
    });
    expect(() => createPasswordValidator({ minLength: 0 })).toThrow(RangeError);
    expect(() => createPasswordValidator({ maxLength: PASSWORD_MAX_LENGTH + 1 })).toThrow(RangeError);
    expect(() => createPasswordValidator({ minLength: 20, maxLength: 16 })).toThrow(RangeError);
  });
});

describe('password strategy messages', () => {
  it('words the generic policy violation and invalid credentials as Kratos does', () => {
    expect(passwordPolicyViolation('it is on a deny list')).toEqual({
      id: 4000005,
      text: 'The password can not be used because it is on a deny list.',
      type: 'error',
      context: { reason: 'it is on a deny list' },
    });
    expect(invalidCredentials()).toEqual({
      id: 4000006,
      text: 'The provided credentials are invalid, check for spelling mistakes in your password or username, email address, or phone number.',
      type: 'error',
    });
  });
});
