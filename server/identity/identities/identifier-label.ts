/**
 * The login identifier's label: "ID" (1070004) in general, but when exactly one trait is a
 * password identifier and it has a title, that title (1070002), so the sign-in form says
 * "E-Mail" rather than "ID".
 */
import type { UiText } from '../../../shared/identity-flow.js';
import { KRATOS_EXTENSION, isObject, type JsonSchema } from '../traits/identity-schema.js';
import { listSchemaPaths } from '../traits/schema-paths.js';
import { generatedLabel } from '../traits/schema-nodes.js';
import { label } from '../ui/messages.js';

export function identifierLabel(schema: JsonSchema): UiText {
  const identifiers = listSchemaPaths(schema).filter((path) => {
    const extension = path.schema[KRATOS_EXTENSION];
    return isObject(extension) && isObject(extension.credentials) && isObject(extension.credentials.password) && extension.credentials.password.identifier === true;
  });
  const only = identifiers.length === 1 ? identifiers[0]! : undefined;
  if (only && typeof only.schema.title === 'string') return generatedLabel(only.schema.title, 'identifier');
  return label.identifier();
}
