/**
 * The project's permission model as the Model editor shows it, and the namespaces setting a saved
 * text becomes. `services.permission.config.namespaces` lists names (`{"name": "Doc"}`) and
 * Ory Permission Language models (`{"location": "base64://<OPL>"}`). The editor edits the models
 * as one text (several are joined by a blank line, which OPL reads as the same classes) and keeps
 * the names as they are: saving puts the text where the first model was, or after the names.
 */
import { PERMISSION_CONFIG } from '../config-fields.js';
import { valueAt } from '../config-patch.js';
import type { PlatformProject } from '../platform-types.js';

export const NAMESPACES_POINTER = `${PERMISSION_CONFIG}/namespaces`;
const BASE64 = 'base64://';

/** An entry as stored: `{name}`, `{location}`, or whatever else an older document holds (kept as it is). */
type Entry = Record<string, unknown>;

function entriesOf(project: PlatformProject): Entry[] {
  const stored = valueAt(project, NAMESPACES_POINTER);
  return Array.isArray(stored) ? (stored.filter((entry) => typeof entry === 'object' && entry !== null) as Entry[]) : [];
}

const isModel = (entry: Entry): entry is { location: string } => typeof entry.location === 'string';

/** UTF-8 text from base64, standard or URL-safe, padded or not (as the service reads it). */
export function decodeBase64(value: string): string {
  const standard = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, '='));
  return new TextDecoder().decode(Uint8Array.from(binary, (character) => character.charCodeAt(0)));
}

export function encodeBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export interface ProjectModel {
  /** The models' OPL, joined; empty when the project has none. */
  text: string;
  /** Namespaces declared by name alone (no model): kept as they are. */
  names: string[];
}

export function modelOf(project: PlatformProject): ProjectModel {
  const entries = entriesOf(project);
  const texts = entries.filter(isModel).map((entry) => (entry.location.startsWith(BASE64) ? decodeBase64(entry.location.slice(BASE64.length)) : ''));
  const names = entries.flatMap((entry) => (typeof entry.name === 'string' && !isModel(entry) ? [entry.name] : []));
  return { text: texts.join('\n\n'), names };
}

/** The namespaces setting with `text` as the project's one model (none when the text is blank). */
export function namespacesWith(project: PlatformProject, text: string): Entry[] {
  const entries = entriesOf(project);
  const model = text.trim() === '' ? [] : [{ location: `${BASE64}${encodeBase64(text)}` }];
  const first = entries.findIndex(isModel);
  const others = entries.filter((entry) => !isModel(entry));
  if (first < 0) return [...others, ...model];
  const before = entries.slice(0, first).filter((entry) => !isModel(entry));
  return [...before, ...model, ...others.slice(before.length)];
}
