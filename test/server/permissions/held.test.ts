/**
 * What a relation holds, as the in-memory sources keep it: subject sets in the primary key's
 * order whatever order they come in (PostgreSQL's "C" order, which is code point order, not
 * JavaScript's UTF-16 order), ids found however many there are, and nothing left once the last
 * subject goes.
 */
import { describe, expect, it } from 'vitest';
import { compareText, heldOf, holds, NOTHING, setKeysOf, subjectText, withoutSubject, withSubject, type Held } from '../../../server/permissions/store/held.js';
import { subject } from './support.js';

const text = (written: string) => subjectText(subject(written));
const build = (...written: string[]) => written.reduce<Held | undefined>((held, one) => withSubject(held, text(one)), undefined)!;

describe('what a relation holds', () => {
  it('orders text as PostgreSQL\'s "C" collation does: code points, and a shorter name before a longer one it begins', () => {
    const sorted = ['Group:a#', 'Group:a#members', 'Group:ab#members', 'Group:b#m', 'Group:\u{e000}#m', 'Group:\u{1f600}#m'].map(text);
    expect([...sorted].reverse().sort(compareText)).toEqual(sorted);
    // JavaScript's own order puts the character past U+FFFF (a surrogate pair) before U+E000.
    expect([...sorted].sort()).not.toEqual(sorted);
  });

  for (const count of [3, 40]) {
    it(`keeps ${count} subject sets in key order whatever order they are added in, beside ids, and finds each`, () => {
      const sets = Array.from({ length: count }, (_, i) => `Group:g${String(i).padStart(3, '0')}#members`);
      const ids = ['zoe', 'adam'];
      const shuffled = [...sets].reverse().flatMap((set, i) => (i < ids.length ? [set, ids[i]!] : [set]));
      const held = build(...shuffled);
      expect(setKeysOf(held)).toEqual(sets.map(text));
      for (const one of [...sets, ...ids]) expect(holds(held, text(one)), one).toBe(true);
      expect(holds(held, text('Group:g999#members'))).toBe(false);
      expect(holds(held, text('eve'))).toBe(false);
      // Added twice, held once.
      expect(setKeysOf(withSubject(held, text(sets[1]!)))).toHaveLength(count);
    });
  }

  it('removes subjects until nothing is left, and reads rows from the store as they come', () => {
    let held: Held | undefined = build('alice', 'Group:a#members', 'bob');
    held = withoutSubject(held, text('bob'));
    expect(held && holds(held, text('alice'))).toBe(true);
    held = withoutSubject(held!, text('Group:a#members'));
    expect(held).toBe(text('alice'));
    expect(withoutSubject(held!, text('alice'))).toBeUndefined();
    expect(heldOf([])).toBe(NOTHING);
    const many = heldOf(Array.from({ length: 30 }, (_, i) => subject(`user-${i}`)));
    expect(holds(many, 'user-29')).toBe(true);
    expect(setKeysOf(many)).toEqual([]);
  });
});
