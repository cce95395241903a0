import type { Translate } from '../../lib/translator.js';
import type { UiNode, UiText } from '../../../shared/identity-flow.js';

/** A label the service made from an identity schema's `title` (Kratos' 1070002). */
const SCHEMA_TITLE_ID = 1070002;

/** A node's label: `meta.label`, else the input's own `label` attribute. */
export function nodeLabel(node: UiNode): UiText | undefined {
  if (node.meta.label) return node.meta.label;
  return node.attributes.node_type === 'input' ? node.attributes.label : undefined;
}

/**
 * Traits we have a word for, by path or by title, compared without case, spaces or punctuation
 * ("name.first", "First Name", "first_name" are one). The value is the catalogue key.
 */
const KNOWN_FIELDS: Record<string, string> = {
  email: 'traitLabels.email',
  emailaddress: 'traitLabels.email',
  mail: 'traitLabels.email',
  namefirst: 'traitLabels.firstName',
  firstname: 'traitLabels.firstName',
  givenname: 'traitLabels.firstName',
  namelast: 'traitLabels.lastName',
  lastname: 'traitLabels.lastName',
  familyname: 'traitLabels.lastName',
  surname: 'traitLabels.lastName',
  name: 'traitLabels.name',
  fullname: 'traitLabels.name',
  phone: 'traitLabels.phone',
  phonenumber: 'traitLabels.phone',
  telephone: 'traitLabels.phone',
  mobile: 'traitLabels.phone',
  username: 'traitLabels.username',
  website: 'traitLabels.website',
  homepage: 'traitLabels.website',
};

function known(text: string | undefined): string | undefined {
  return text === undefined ? undefined : KNOWN_FIELDS[text.toLowerCase().replace(/[^a-z0-9]/g, '')];
}

/** "should_big_number" → "Should big number", "firstName" → "First name". */
export function humanise(segment: string): string {
  const words = segment
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : segment;
}

/**
 * The label a person reads for an input. A message of the service is translated by its id. A
 * schema title, or no label at all (a schema without `title` sends `meta: {}`), is translated when
 * it names a trait we know, by title or else by path; otherwise the title is shown as the operator
 * wrote it, and a field without one is named after its last path segment ("Should big number").
 */
export function fieldLabel(node: UiNode, t: Translate, text: (message: UiText | undefined) => string): string {
  const label = nodeLabel(node);
  const name = node.attributes.node_type === 'input' ? node.attributes.name : '';
  if (label && label.id !== SCHEMA_TITLE_ID) return text(label) || name;
  const title = label ? (typeof label.context?.title === 'string' ? label.context.title : label.text) : undefined;
  const path = name.startsWith('traits.') ? name.slice('traits.'.length) : name;
  const last = path.split('.').pop() ?? path;
  const key = title ? known(title) : (known(path) ?? known(last));
  if (key) return t(key);
  if (title) return title;
  return humanise(last) || name;
}

export function hasError(node: UiNode): boolean {
  return node.messages.some((message) => message.type === 'error');
}

/** What an input shows initially: the service's value as text (objects as JSON). */
export function displayValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
