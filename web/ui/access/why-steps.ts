/**
 * "Why may Ana update this project?" in words. The permission engine's path runs from the permit
 * asked about down to the relationship that lets the person in; read bottom-up, each step says
 * one thing: Ana is an owner of Acme → owners may manage Acme → whoever may manage Acme may do
 * this in every project of Acme → Site belongs to Acme.
 *
 * Nothing here knows a permission: a sentence comes from the kind of a step (stored, rule,
 * traverse, subject set) and the step under it. Role relations and rungs of the ladder have
 * words of their own in the catalogue; any other relation is shown as it is named, as code.
 * The result is data (catalogue keys and their values), so it is tested without a DOM and the
 * screen decides how a name or a relation looks.
 */
import type { AccessStep, PermissionAccess, ProjectAccess } from '../../lib/api-types.js';
import type { Translate } from '../../lib/translator.js';

/** A sentence of the `access` catalogue with its values. */
export interface Phrase {
  key: string;
  values: Record<string, Part>;
}

/** A value in a sentence: a display name, something shown as it is named, or a nested phrase. */
export type Part = { name: string } | { code: string } | { phrase: Phrase };

/** Relations that hold people in a role, each with a word of its own. */
export const ROLE_RELATIONS: ReadonlySet<string> = new Set(['owners', 'admins', 'members', 'viewers', 'managers', 'surveyors', 'administrators']);
/** The rungs of the ladder of roles: permits that other permits are made of. */
export const RUNGS: ReadonlySet<string> = new Set(['manage', 'contribute', 'view', 'survey']);
/** The relation of a project to its organisation. */
const BELONGS_TO = 'organisation';

const phrase = (key: string, values: Record<string, Part> = {}): Phrase => ({ key, values });
const code = (text: string): Part => ({ code: text });

/** How an object on the path is named: its display name, else what it is, else its id. */
function objectPart(access: ProjectAccess, namespace: string, object: string): Part {
  const name = access.names[`${namespace}:${object}`];
  if (name) return { name };
  if (namespace === 'Installation') return { phrase: phrase('installation') };
  return code(`${namespace}:${object}`);
}

/** The person (or subject set) a stored relationship holds, as a part of a sentence. */
function holdsPart(access: ProjectAccess, holds: NonNullable<AccessStep['holds']>): { person: Part } | { set: Part } {
  if ('id' in holds) return { person: objectPart(access, 'Identity', holds.id) };
  if (holds.namespace === 'Identity' && !holds.relation) return { person: objectPart(access, 'Identity', holds.object) };
  if (!holds.relation) return { set: objectPart(access, holds.namespace, holds.object) };
  return { set: { phrase: phrase('steps.setOf', { relation: code(holds.relation), object: objectPart(access, holds.namespace, holds.object) }) } };
}

/** "manage Acme", or the permit itself for anything that is not a rung. */
function abilityOf(access: ProjectAccess, step: AccessStep, askedId: string): Phrase {
  const object = objectPart(access, step.namespace, step.object);
  if (RUNGS.has(step.relation)) return phrase(`rungs.${step.relation}`, { object });
  if (step.relation !== askedId) return phrase('what.permit', { permission: code(step.relation), object });
  if (step.namespace === 'Project' && step.object === access.projectId) return phrase('what.this');
  // An organisation's permit named like a project's holds for each of its projects.
  if (step.namespace === 'Organisation' && askedId.startsWith('project:')) return phrase('what.thisInProjects', { object });
  return phrase('what.thisOn', { object });
}

/** What one step says, given the step under it; nothing when the steps around it say it all. */
function sentenceOf(access: ProjectAccess, step: AccessStep, below: AccessStep | undefined, askedId: string): Phrase | undefined {
  const object = objectPart(access, step.namespace, step.object);
  switch (step.via) {
    case 'stored': {
      if (!step.holds) return undefined;
      const held = holdsPart(access, step.holds);
      if ('set' in held) return phrase('steps.includes', { set: held.set, relation: code(step.relation), object });
      if (ROLE_RELATIONS.has(step.relation)) return phrase(`member.${step.relation}`, { person: held.person, object });
      return phrase('member.other', { person: held.person, relation: code(step.relation), object });
    }
    case 'subject-set': {
      if (!step.holds || 'id' in step.holds) return undefined;
      const held = holdsPart(access, step.holds);
      return phrase('steps.includes', { set: 'set' in held ? held.set : held.person, relation: code(step.relation), object });
    }
    case 'traverse': {
      if (!step.holds || 'id' in step.holds) return undefined;
      const target = objectPart(access, step.holds.namespace, step.holds.object);
      if (step.relation === BELONGS_TO) return phrase('steps.belongsTo', { object, target });
      return phrase('steps.leadsTo', { object, target, relation: code(step.relation) });
    }
    case 'rule': {
      if (!below || below.namespace !== step.namespace || below.object !== step.object) return undefined;
      const what = { phrase: abilityOf(access, step, askedId) };
      if (below.via === 'rule') return phrase('steps.whoeverMay', { rung: { phrase: abilityOf(access, below, askedId) }, what });
      if (below.via !== 'stored') return undefined;
      if (ROLE_RELATIONS.has(below.relation)) return phrase('steps.rolesMay', { roles: { phrase: phrase(`roles.${below.relation}`) }, what });
      return phrase('steps.relationMay', { relation: code(below.relation), object, what });
    }
  }
}

/** The sentences of an allowed permission's path, bottom-up: from the person to the permit. */
export function whySteps(access: ProjectAccess, permission: PermissionAccess): Phrase[] {
  const sentences: Phrase[] = [];
  permission.path.forEach((step, index) => {
    const sentence = sentenceOf(access, step, permission.path[index + 1], permission.id);
    if (sentence) sentences.push(sentence);
  });
  return sentences.reverse();
}

/** A phrase as plain text (names and codes as they are), in the catalogue's language. */
export function phraseText(t: Translate, { key, values }: Phrase): string {
  const texts = Object.fromEntries(Object.entries(values).map(([name, part]) => [name, partText(t, part)]));
  return t(`access.${key}`, texts);
}

function partText(t: Translate, part: Part): string {
  if ('name' in part) return part.name;
  if ('code' in part) return part.code;
  return phraseText(t, part.phrase);
}
