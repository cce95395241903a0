/**
 * The Ory Permission Language parser on Keto's own example models (the rules come out as Keto
 * stores them) and on broken ones: each refusal with Keto's message and Keto's position, the
 * nesting limit at exactly ten, and type errors naming what is missing where it is named.
 */
import { describe, expect, it } from 'vitest';
import { parseModel } from '../../../server/permissions/opl/parser.js';
import { oplPosition } from '../../../shared/opl-position.js';

const FULL_EXAMPLE = `
  import { Namespace, SubjectSet, FooBar, Anything } from '@ory/keto-namespace-types'

  class User implements Namespace {
    related: {
      manager: User[];
    }
  }

  class Group implements Namespace {
    related: {
      members: (User | Group)[];
    };
  }

  class Folder implements Namespace {
    related: {
      parents: Array<File>
      viewers: Array<SubjectSet<Group, "members">>
    }

    permits = {
      view: (ctx: Context): boolean => this.related.viewers.includes(ctx.subject),
    }
  }

  class File implements Namespace {
    related: {
      parents: Array<File | Folder>
      viewers: (User | SubjectSet<Group, "members">)[]
      "owners": (User | SubjectSet<Group, "members">)[]
      siblings: File[]
    }

    // Some comment
    permits = {
      view: (ctx: Context): boolean =>
        (
        this.related.parents.traverse((p) /* comment */ =>
          p.related.viewers.includes(ctx.subject),
        ) && // comment
        this.related.parents.traverse(p => p.permits.view(ctx)) ) ||
        (this.related.viewers.includes(ctx.subject) || // some comment
        this.related.viewers.includes(ctx.subject) || /* another comment */
        this.related.viewers.includes(ctx.subject) ) ||
        this.related.owners.includes(ctx.subject),

      'edit': (ctx: Context) => this.related.owners.includes(ctx.subject),

      not: (ctx: Context) => !this.related.owners.includes(ctx.subject),

      rename: (ctx: Context) =>
        this.related.siblings.traverse(s => s.permits.edit(ctx)),
    }
  }
`;

const computed = (relation: string) => ({ kind: 'computed', relation });
const traverse = (relation: string, computedRelation: string) => ({ kind: 'traverse', relation, computedRelation });
const or = (...children: unknown[]) => ({ kind: 'rewrite', operator: 'or', children });
const and = (...children: unknown[]) => ({ kind: 'rewrite', operator: 'and', children });
const not = (child: unknown) => ({ kind: 'not', child });

function rulesOf(source: string, namespace: string) {
  const { namespaces, errors } = parseModel(source);
  expect(errors).toEqual([]);
  const found = namespaces.find((n) => n.name === namespace);
  return Object.fromEntries((found?.relations ?? []).map((r) => [r.name, r.rewrite ?? r.types]));
}

/** A class File whose permit `view` is the given rule, over relations a, b, c and d. */
const withRule = (rule: string) => `
class User implements Namespace {}
class File implements Namespace {
  related: { a: User[]; b: User[]; c: User[]; d: User[] }
  permits = { view: (ctx: Context): boolean => ${rule} }
}`;
const rel = (name: string) => `this.related.${name}.includes(ctx.subject)`;

describe('the OPL parser', () => {
  it("reads Keto's full example into the rules Keto stores", () => {
    const file = rulesOf(FULL_EXAMPLE, 'File');
    expect(file.parents).toEqual([
      { namespace: 'File', relation: '' },
      { namespace: 'Folder', relation: '' },
    ]);
    expect(file.owners).toEqual([
      { namespace: 'User', relation: '' },
      { namespace: 'Group', relation: 'members' },
    ]);
    expect(file.view).toEqual(
      or(and(traverse('parents', 'viewers'), traverse('parents', 'view')), computed('viewers'), computed('viewers'), computed('viewers'), computed('owners')),
    );
    expect(file.edit).toEqual(or(computed('owners')));
    expect(file.not).toEqual(or(not(computed('owners'))));
    expect(file.rename).toEqual(or(traverse('siblings', 'edit')));
    expect(parseModel(FULL_EXAMPLE).namespaces.map((n) => n.name)).toEqual(['User', 'Group', 'Folder', 'File']);
  });

  it('keeps an inverted group whole and simplifies inside it', () => {
    const rules = rulesOf(withRule(`!${rel('a')} && (!(${rel('b')} && ${rel('c')}))`), 'File');
    expect(rules.view).toEqual(and(not(computed('a')), not(and(computed('b'), computed('c')))));
  });

  it('reads operators left to right without precedence, as Keto does', () => {
    expect(rulesOf(withRule(`${rel('a')} || ${rel('b')} && ${rel('c')}`), 'File').view).toEqual(and(or(computed('a'), computed('b')), computed('c')));
    expect(rulesOf(withRule(`${rel('a')} || (${rel('b')} && ${rel('c')})`), 'File').view).toEqual(or(computed('a'), and(computed('b'), computed('c'))));
  });

  it('takes quoted property names, optional types, trailing commas and semicolons', () => {
    const source = `
class Resource implements Namespace {
  related: {
    "scope.relation": Resource[],
  };
  permits = {
    "scope.action_0": (ctx) => this.related["scope.relation"].traverse((r) => r.permits["scope.action_1"](ctx)),
    "scope.action_1": (ctx: Context) => this.related["scope.relation"].traverse((r) => r.related["scope.relation"].includes(ctx.subject)),
    'scope.action_2': (ctx: Context): boolean => this.permits["scope.action_0"](ctx),
  };
}`;
    const rules = rulesOf(source, 'Resource');
    expect(rules['scope.action_0']).toEqual(or(traverse('scope.relation', 'scope.action_1')));
    expect(rules['scope.action_1']).toEqual(or(traverse('scope.relation', 'scope.relation')));
    expect(rules['scope.action_2']).toEqual(or(computed('scope.action_0')));
  });

  it('accepts an empty model and empty classes', () => {
    expect(parseModel('')).toEqual({ namespaces: [], errors: [] });
    expect(parseModel('// nothing but a comment\n/* and another */')).toEqual({ namespaces: [], errors: [] });
    expect(parseModel('class User implements Namespace {}').namespaces).toEqual([{ name: 'User', relations: [] }]);
  });

  it('allows ten levels of nesting and refuses the eleventh', () => {
    const nested = (levels: number) => `${'('.repeat(levels)}${rel('a')}${')'.repeat(levels)}`;
    expect(parseModel(withRule(nested(9))).errors).toEqual([]);
    const [error, ...others] = parseModel(withRule(nested(10))).errors;
    expect(others).toEqual([]);
    expect(error?.message).toBe('expression nested too deeply; maximal nesting depth is 10');
    // `!(` costs two levels.
    expect(parseModel(withRule(`${'!('.repeat(4)}${rel('a')}${')'.repeat(4)}`)).errors).toEqual([]);
    expect(parseModel(withRule(`${'!('.repeat(5)}${rel('a')}${')'.repeat(5)}`)).errors.map((e) => e.message)).toEqual([
      'expression nested too deeply; maximal nesting depth is 10',
    ]);
  });
});

describe('OPL errors', () => {
  it('never throws on a broken model, and places every error inside it', () => {
    // Keto's full example cut and spliced at random (a fixed seed, so a failure reproduces).
    let seed = 20240611;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    for (let round = 0; round < 500; round++) {
      const at = random(FULL_EXAMPLE.length);
      const cut = FULL_EXAMPLE.slice(0, at) + FULL_EXAMPLE.slice(at + 1 + random(40));
      const spliced = cut.slice(0, random(cut.length)) + '({!|&"\'/*'[random(10)] + cut.slice(random(cut.length));
      for (const source of [cut, spliced]) {
        const { errors } = parseModel(source);
        for (const error of errors) {
          expect(error.message).not.toBe('');
          for (const position of [error.start, error.end]) {
            expect(position.Line).toBeGreaterThanOrEqual(1);
            expect(position.Line).toBeLessThanOrEqual(source.split('\n').length);
            expect(position.column).toBeGreaterThanOrEqual(0);
          }
        }
      }
    }
  });

  const errorsOf = (source: string) => parseModel(source).errors;

  it('places positions as Keto does: the 0-based column, 1 at the start, the line before at a line start', () => {
    expect(oplPosition('abc', 0)).toEqual({ Line: 1, column: 1 });
    expect(oplPosition('abc', 1)).toEqual({ Line: 1, column: 1 });
    expect(oplPosition('abc', 2)).toEqual({ Line: 1, column: 2 });
    expect(oplPosition('ab\ncd', 3)).toEqual({ Line: 1, column: 3 });
    expect(oplPosition('ab\ncd', 4)).toEqual({ Line: 2, column: 1 });
    // Offsets count UTF-8 bytes, the walk counts characters: é moves later columns one on.
    expect(oplPosition('/* é */ #', 8)).toEqual({ Line: 1, column: 9 });
  });

  it('reports an unclosed comment from its start to the end', () => {
    expect(errorsOf('/* unclosed comment')).toEqual([{ message: 'fatal: unclosed comment', start: { Line: 1, column: 1 }, end: { Line: 1, column: 19 } }]);
  });

  it('reports an unclosed string literal and a character no token starts with', () => {
    expect(errorsOf('class A implements Namespace { related: { "x: A[] } }')).toEqual([
      { message: 'expected identifier or \'}\', got Error "unclosed string literal"', start: { Line: 1, column: 43 }, end: { Line: 1, column: 53 } },
    ]);
    expect(errorsOf('class A implements Namespace {}\n#')).toEqual([{ message: 'fatal: unexpected token #', start: { Line: 1, column: 32 }, end: { Line: 1, column: 32 } }]);
  });

  it('stops at the first syntax error, where Keto stops', () => {
    expect(errorsOf('class A implements Namespace {\n  related: {}\n  SYNTAX ERROR\n}')).toEqual([
      { message: `expected 'permits' or 'related', got "SYNTAX"`, start: { Line: 3, column: 2 }, end: { Line: 3, column: 8 } },
    ]);
    // At the start of a line the position is one past the end of the line before.
    expect(errorsOf('class A implements Namespace {\nSYNTAX\n}')).toEqual([
      { message: `expected 'permits' or 'related', got "SYNTAX"`, start: { Line: 1, column: 31 }, end: { Line: 2, column: 6 } },
    ]);
    expect(errorsOf('class A implements Namespac {}')).toEqual([{ message: 'expected "Namespace", got "Namespac"', start: { Line: 1, column: 19 }, end: { Line: 1, column: 27 } }]);
    expect(errorsOf('class A implements Namespace {')).toEqual([
      { message: `expected 'permits' or 'related', got ""`, start: { Line: 1, column: 30 }, end: { Line: 1, column: 30 } },
    ]);
  });

  it('reports a rule that starts with an operator at the token the class goes on with', () => {
    const source = `
class Resource implements Namespace {
  permits = {
    update: (ctx: Context) => ||
      this.related.annotators.traverse((role) => role.related.member.includes(ctx.subject)),
  }
}`;
    expect(errorsOf(source)).toEqual([{ message: `expected 'permits' or 'related', got "this"`, start: { Line: 5, column: 6 }, end: { Line: 5, column: 10 } }]);
  });

  it('refuses an operand right after a group, and verbs that are not related or permits', () => {
    expect(errorsOf(withRule(`(${rel('a')}) ${rel('b')}`)).map((e) => e.message)).toEqual(['did not expect another expression']);
    expect(errorsOf(withRule('this.relates.a.includes(ctx.subject)')).map((e) => e.message)).toEqual([`expected 'related' or 'permits', got "relates"`]);
    expect(errorsOf(withRule('this.related.a.contains(ctx.subject)')).map((e) => e.message)).toEqual([`expected 'traverse' or 'includes', got "contains"`]);
    expect(errorsOf(withRule('this.related.a.includes(ctx.object)')).map((e) => e.message)).toEqual(['expected "subject", got "object"']);
  });

  it('reports every type error, each at the name that is missing', () => {
    const source = `class User implements Namespace {}
class Group implements Namespace {
  related: { members: User[] }
}
class Doc implements Namespace {
  related: {
    owners: Person[]
    viewers: SubjectSet<Group, "member">[]
    parents: Doc[]
  }
  permits = {
    view: (ctx: Context) => this.permits.edit(ctx) || this.related.editors.includes(ctx.subject),
    share: (ctx: Context) => this.related.parents.traverse((p) => p.permits.publish(ctx)),
  }
}`;
    expect(errorsOf(source)).toEqual([
      { message: 'namespace "Person" was not declared', start: { Line: 7, column: 12 }, end: { Line: 7, column: 18 } },
      { message: 'namespace "Group" did not declare relation "member"', start: { Line: 8, column: 32 }, end: { Line: 8, column: 38 } },
      { message: 'namespace "Doc" did not declare relation "edit"', start: { Line: 12, column: 41 }, end: { Line: 12, column: 45 } },
      { message: 'namespace "Doc" did not declare relation "editors"', start: { Line: 12, column: 67 }, end: { Line: 12, column: 74 } },
      { message: 'relation "publish" was not declared in namespace "Doc"', start: { Line: 13, column: 42 }, end: { Line: 13, column: 49 } },
    ]);
  });

  it('type-checks a traversal by the types the traversed relation holds, through subject sets as Keto does', () => {
    const source = (teams: string, relation: string) => `class User implements Namespace {}
class Team implements Namespace { related: { members: User[]; leads: User[] } }
class Project implements Namespace {
  related: { teams: ${teams}[] }
  permits = { view: (ctx: Context) => this.related.teams.traverse((t) => t.related.${relation}.includes(ctx.subject)) }
}`;
    expect(errorsOf(source('Team', 'leads'))).toEqual([]);
    expect(errorsOf(source('Team', 'owners')).map((e) => e.message)).toEqual(['relation "owners" was not declared in namespace "Team"']);
    // Through SubjectSet<Team, "members"> Keto asks what members holds (User), not Team.
    expect(errorsOf(source('SubjectSet<Team, "members">', 'leads')).map((e) => e.message)).toEqual(['relation "leads" was not declared in namespace "User"']);
  });
});
