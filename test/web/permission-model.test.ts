/**
 * The pure pieces of the Permissions screens: the editor's reading of Keto's error positions
 * (checked against the permission service's own placing and parser), the diff shown before a
 * model is saved, and the namespaces setting a saved text becomes.
 */
import { describe, expect, it } from 'vitest';
import { parseModel } from '../../server/permissions/opl/parser.js';
import { oplPosition } from '../../shared/opl-position.js';
import { diffLines, hasChanges, sameLines, withContext } from '../../web/admin/platform/permissions/line-diff.js';
import { decodeBase64, encodeBase64, modelOf, namespacesWith } from '../../web/admin/platform/permissions/model-entries.js';
import { errorRange, lineOf, offsetOf } from '../../web/admin/platform/permissions/opl-position.js';
import type { PlatformProject } from '../../web/admin/platform/platform-types.js';

const SOURCES = [
  'class User implements Namespace {}',
  'class User implements Namespace {\n  related: { friends: Nobody[] }\n}',
  '\n\nclass Doc implements Namespace {\n related: { owners: User[] }\n}\n',
  '// Zoë’s model — with “quotes”\nclass Übung implements Namespace {\n  related: { viewers: User[] }\n}',
  'class A implements Namespace {\n\tpermits = { view: (ctx: Context): boolean => this.related.x.includes(ctx.subject) }\n}',
];

describe("the editor's reading of error positions", () => {
  it('finds the first offset of each position again', () => {
    for (const source of SOURCES)
      for (let offset = 0; offset <= source.length; offset++) {
        const position = oplPosition(source, offset);
        const found = offsetOf(source, position);
        expect(found).toBeLessThanOrEqual(offset);
        expect(oplPosition(source, found)).toEqual(position);
      }
  });

  it('marks the token a syntax error names, on its line', () => {
    const source = SOURCES[1]!;
    const [error] = parseModel(source).errors;
    expect(error).toBeDefined();
    const { start, end } = errorRange(source, error!);
    expect(source.slice(start, end)).toBe('Nobody');
    expect(lineOf(source, start)).toBe(2);
  });

  it('marks a token at the start of a line there, though Keto counts it to the line before', () => {
    const source = 'class A implements Namespace {\n  related: {\n    viewers:\nNobody[]\n  }\n}';
    const [error] = parseModel(source).errors;
    expect(error!.start).toEqual({ Line: 3, column: 13 });
    const { start, end } = errorRange(source, error!);
    expect(lineOf(source, start)).toBe(4);
    expect(source.slice(start, end)).toBe('Nobody');
  });

  it('marks one character for an empty range, and nothing past a line end', () => {
    expect(errorRange('abc\ndef', { message: '', start: { Line: 1, column: 1 }, end: { Line: 1, column: 1 } })).toEqual({ start: 0, end: 1 });
    const atEnd = errorRange('abc', { message: '', start: { Line: 1, column: 3 }, end: { Line: 1, column: 3 } });
    expect(atEnd).toEqual({ start: 3, end: 3 });
  });
});

describe('the diff before saving', () => {
  it('shows removed and added lines with their numbers between the common ones', () => {
    const lines = diffLines('a\nb\nc\nd', 'a\nB\nc\nd\ne');
    expect(lines).toEqual([
      { kind: 'same', text: 'a', oldLine: 1, newLine: 1 },
      { kind: 'removed', text: 'b', oldLine: 2 },
      { kind: 'added', text: 'B', newLine: 2 },
      { kind: 'same', text: 'c', oldLine: 3, newLine: 3 },
      { kind: 'same', text: 'd', oldLine: 4, newLine: 4 },
      { kind: 'added', text: 'e', newLine: 5 },
    ]);
    expect(hasChanges(lines)).toBe(true);
  });

  it('keeps the longest common run when lines move', () => {
    const lines = diffLines('x\na\nb\nc', 'a\nb\nc\nx');
    expect(lines.filter((line) => line.kind === 'same').map((line) => line.text)).toEqual(['a', 'b', 'c']);
    expect(lines.filter((line) => line.kind !== 'same')).toEqual([
      { kind: 'removed', text: 'x', oldLine: 1 },
      { kind: 'added', text: 'x', newLine: 4 },
    ]);
  });

  it('treats a first model as all added, an emptied one as all removed, and line endings as no change', () => {
    expect(diffLines('', 'a\nb').map((line) => line.kind)).toEqual(['added', 'added']);
    expect(diffLines('a\nb', '').map((line) => line.kind)).toEqual(['removed', 'removed']);
    expect(hasChanges(diffLines('a\r\nb', 'a\nb'))).toBe(false);
    expect(sameLines('a\r\nb', 'a\nb')).toBe(true);
    expect(sameLines('a\nb', 'a\nb\n')).toBe(false);
  });

  it('counts long unchanged runs instead of showing them', () => {
    const before = Array.from({ length: 20 }, (_line, i) => `line ${i + 1}`).join('\n');
    const after = before.replace('line 10', 'line ten');
    const rows = withContext(diffLines(before, after));
    expect(rows[0]).toEqual({ kind: 'skipped', count: 6 });
    expect(rows.filter((row) => row.kind === 'same')).toHaveLength(6);
    expect(rows.at(-1)).toEqual({ kind: 'skipped', count: 7 });
  });
});

describe('the namespaces setting of a saved model', () => {
  const project = (namespaces: unknown[]) => ({ services: { permission: { config: { namespaces } } } }) as unknown as PlatformProject;
  const model = (text: string) => ({ location: `base64://${Buffer.from(text).toString('base64')}` });

  it('reads and writes UTF-8 models in base64, URL-safe ones too', () => {
    const text = 'class Übung implements Namespace {} // “ok” ✓';
    expect(decodeBase64(encodeBase64(text))).toBe(text);
    expect(Buffer.from(encodeBase64(text), 'base64').toString('utf8')).toBe(text);
    expect(decodeBase64(Buffer.from('ÿÿ>?').toString('base64url'))).toBe('ÿÿ>?');
  });

  it('edits the models as one text and keeps the names as they are', () => {
    const stored = project([{ name: 'Doc' }, model('class A implements Namespace {}'), { name: 'Tag' }, model('class B implements Namespace {}')]);
    expect(modelOf(stored)).toEqual({ text: 'class A implements Namespace {}\n\nclass B implements Namespace {}', names: ['Doc', 'Tag'] });
    expect(namespacesWith(stored, 'class C implements Namespace {}')).toEqual([{ name: 'Doc' }, model('class C implements Namespace {}'), { name: 'Tag' }]);
    expect(namespacesWith(stored, '  \n')).toEqual([{ name: 'Doc' }, { name: 'Tag' }]);
  });

  it('adds the first model after the names', () => {
    expect(modelOf(project([]))).toEqual({ text: '', names: [] });
    expect(namespacesWith(project([{ name: 'Doc' }]), 'class A implements Namespace {}')).toEqual([{ name: 'Doc' }, model('class A implements Namespace {}')]);
  });
});
