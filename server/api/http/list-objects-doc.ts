/**
 * The permission service's own extension of Keto's API, in the API's OpenAPI document: it is the
 * one operation under `/.ory` that no Ory document describes (Keto's own operations are
 * described by Ory's). The gateway serves it; the route is server/permissions/routes/list-objects-route.ts.
 */
const text = (description: string) => ({ type: 'string', description });

const parameter = (name: string, description: string, required = false) => ({ name, in: 'query', required, schema: { type: 'string' }, description });

export const LIST_OBJECTS_PATH_ITEM: Record<string, unknown> = {
  get: {
    tags: ['permissions'],
    operationId: 'listObjects',
    summary: 'The objects a subject reaches through a relation or permit (extension: not part of Keto)',
    description:
      "Reverse lookup: which objects of a namespace the subject holds the relation or permit on, as a check of each would answer. Walks up from the subject, so its cost follows what the subject is in, not the size of the namespace; a rule with `&&` or `!` has each candidate checked. sitewave's own namespaces (Identity, Installation, Organisation, Project) answer too, e.g. the projects a person may read: `namespace=Project&relation=project:read&subject_set.namespace=Identity&subject_set.object=<identity id>&subject_set.relation=`. Needs a project API key, or the session of a global administrator.",
    security: [{ projectApiKey: [] }, { session: [] }],
    parameters: [
      parameter('namespace', 'The namespace of the objects to list.', true),
      parameter('relation', 'The relation or permit the subject must hold on them.', true),
      parameter('subject_id', 'The subject, as an id; or give all three subject_set keys.'),
      parameter('subject_set.namespace', "The subject set's namespace."),
      parameter('subject_set.object', "The subject set's object."),
      parameter('subject_set.relation', "The subject set's relation (empty for a subject such as Identity:<id>)."),
      { name: 'page_size', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 500, default: 100 }, description: 'Objects per page.' },
      parameter('page_token', 'The next_page_token of the page before.'),
    ],
    responses: {
      200: {
        description: 'The objects, in byte order of their ids.',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['objects', 'next_page_token'],
              properties: { objects: { type: 'array', items: { type: 'string' } }, next_page_token: text('Where the next page starts; empty on the last page.') },
            },
          },
        },
      },
      400: { description: 'A missing or malformed parameter, named in the error, or a rule whose objects cannot be listed (`a || !b`).' },
      401: { description: 'No API key or session.' },
      404: { description: 'The namespace is not declared.' },
    },
  },
};

export const PROJECT_API_KEY_SCHEME = {
  type: 'http' as const,
  scheme: 'bearer',
  description: "An API key of the identity platform's project (Administration › Identity platform › API keys).",
};
