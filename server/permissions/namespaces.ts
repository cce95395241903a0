/**
 * The namespaces the engines read: sitewave's own (product-model.ts), then those the project's
 * settings declare — names, and the classes of Ory Permission Language models, which may name
 * the product's namespaces but not declare them again. A model is parsed once per revision of
 * the settings (the array of entries is new with every revision, so it is the cache key), not
 * once per request.
 */
import type { PermissionSettings } from '../platform/project-settings.js';
import type { NamespaceModel, RelationModel } from './opl/ast.js';
import { parseModel } from './opl/parser.js';
import { PermissionError } from './permission-error.js';
import { PRODUCT_MODEL } from './product-model.js';

export interface Namespaces {
  /** In the order the settings give them. */
  readonly list: readonly NamespaceModel[];
  get(name: string): NamespaceModel | undefined;
}

export interface NamespaceProblem {
  /** The entry of the settings' `namespaces` at fault, and its key (Keto's): `name`, or `location` for a model. */
  index: number;
  field: 'name' | 'location';
  message: string;
}

type Entries = PermissionSettings['namespaces'];

/** Every entry's namespaces, and what is wrong with the entries that cannot be used (those are left out). */
export function readNamespaces(entries: Entries): { namespaces: Namespaces; problems: NamespaceProblem[] } {
  const byName = new Map<string, NamespaceModel>(PRODUCT_MODEL.map((namespace) => [namespace.name, namespace]));
  const problems: NamespaceProblem[] = [];
  entries.forEach((entry, index) => {
    let declared: NamespaceModel[];
    const field = 'name' in entry ? 'name' : 'location';
    if ('name' in entry) declared = [{ name: entry.name, relations: [] }];
    else {
      const { namespaces, errors } = parseModel(entry.opl, PRODUCT_MODEL);
      const [first] = errors;
      if (first) {
        const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
        return void problems.push({
          index,
          field,
          message: `the Ory Permission Language model is not valid: ${first.message} (line ${first.start.Line}, column ${first.start.column})${more}`,
        });
      }
      declared = namespaces;
    }
    for (const namespace of declared) {
      if (PRODUCT_MODEL.some((own) => own.name === namespace.name)) problems.push({ index, field, message: `namespace "${namespace.name}" is built in (sitewave's own roles)` });
      else if (byName.has(namespace.name)) problems.push({ index, field, message: `namespace "${namespace.name}" is declared by an earlier entry too` });
      else byName.set(namespace.name, namespace);
    }
  });
  return { namespaces: { list: [...byName.values()], get: (name) => byName.get(name) }, problems };
}

const parsed = new WeakMap<Entries, Namespaces>();

/** The settings' namespaces; entries that cannot be used (refused when saved, so only ever older data) are left out. */
export function namespacesOf(settings: PermissionSettings): Namespaces {
  let namespaces = parsed.get(settings.namespaces);
  if (!namespaces) {
    namespaces = readNamespaces(settings.namespaces).namespaces;
    parsed.set(settings.namespaces, namespaces);
  }
  return namespaces;
}

/**
 * The model's rule for a relation, as Keto finds it: none for the empty relation, an unknown
 * namespace or one without a model (names only: every relation plain). A model that does not
 * declare the relation makes the request a bad one.
 */
export function relationOf(namespaces: Namespaces, namespace: string, relation: string): RelationModel | undefined {
  if (relation === '') return undefined;
  const model = namespaces.get(namespace);
  if (!model || model.relations.length === 0) return undefined;
  const found = model.relations.find((r) => r.name === relation);
  if (!found) throw new PermissionError(400, `relation ${JSON.stringify(relation)} does not exist in namespace ${JSON.stringify(namespace)}`);
  return found;
}
