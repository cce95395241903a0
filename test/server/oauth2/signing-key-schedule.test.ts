/** The rules over the signing keys' times, without a database: due, removal time, what may go. */
import { describe, expect, it } from 'vitest';
import { prunable, removeAt, rotateAt, rotationDue, type TimedKey } from '../../../server/oauth2/keys/signing-key-schedule.js';

const DAY = 86_400;
const at = (days: number) => new Date(Date.UTC(2030, 0, 1) + days * DAY * 1000);
const key = (kid: string, created: number, retired: number | null): TimedKey => ({ kid, createdAt: at(created), retiredAt: retired === null ? null : at(retired) });

describe('the signing key schedule', () => {
  it('replaces the signing key once it has signed for the rotation period', () => {
    const signing = key('a', 0, null);
    expect(rotateAt(signing, 90 * DAY)).toEqual(at(90));
    expect(rotationDue(signing, 90 * DAY, at(89.99))).toBe(false);
    expect(rotationDue(signing, 90 * DAY, at(90))).toBe(true);
  });

  it('lets a retired key go when the longest-lived token it signed has expired, in order of retirement', () => {
    const keys = [key('c', 20, null), key('b', 10, 20), key('a', 0, 10)];
    expect(removeAt(keys[0]!, DAY)).toBeUndefined();
    expect(removeAt(keys[1]!, DAY)).toEqual(at(21));
    expect(prunable(keys, DAY, at(10.5)).map((k) => k.kid)).toEqual([]);
    expect(prunable(keys, DAY, at(11)).map((k) => k.kid)).toEqual(['a']);
    expect(prunable(keys, DAY, at(21)).map((k) => k.kid)).toEqual(['b', 'a']);
  });

  it('never lets the first key go, whatever its times say', () => {
    expect(prunable([key('a', 0, 1), key('b', 0, 1)], DAY, at(100)).map((k) => k.kid)).toEqual(['b']);
  });
});
