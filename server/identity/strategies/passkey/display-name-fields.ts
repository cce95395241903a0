/**
 * Which form fields name a new passkey's account on the authenticator: traits marked
 * `credentials.passkey.display_name` in the identity schema, else the sign-in identifiers.
 */
import { KRATOS_EXTENSION, type JsonSchema } from '../../traits/identity-schema.js';
import { listSchemaPaths } from '../../traits/schema-paths.js';

export function displayNameFields(schema: JsonSchema): string[] {
  const paths = listSchemaPaths(schema).filter((path) => path.name.startsWith('traits.'));
  const credentials = (path: (typeof paths)[number]) => path.schema[KRATOS_EXTENSION]?.credentials;
  const marked = paths.filter((path) => credentials(path)?.passkey?.display_name === true);
  if (marked.length) return marked.map((path) => path.name);
  const identifiers = paths.filter((path) => credentials(path)?.password?.identifier === true || credentials(path)?.code?.identifier === true);
  return identifiers.map((path) => path.name);
}
