/**
 * sitewave's own model (shared/permission-model.ts), parsed once: the namespaces every instance
 * of the permission service has besides the project's own, and that the API's engine reads.
 */
import { PRODUCT_NAMESPACES, PRODUCT_PERMISSION_MODEL } from '../../shared/permission-model.js';
import type { NamespaceModel } from './opl/ast.js';
import { parseModel } from './opl/parser.js';

function parseProductModel(): readonly NamespaceModel[] {
  const { namespaces, errors } = parseModel(PRODUCT_PERMISSION_MODEL);
  const [first] = errors;
  if (first) throw new Error(`sitewave's permission model does not parse: ${first.message} (line ${first.start.Line})`);
  return namespaces;
}

export const PRODUCT_MODEL: readonly NamespaceModel[] = parseProductModel();

const reserved: ReadonlySet<string> = new Set(PRODUCT_NAMESPACES);

export function isProductNamespace(namespace: string): boolean {
  return reserved.has(namespace);
}
