/**
 * What a project document may hold: the Kratos, Hydra and Keto configuration keys this
 * installation understands, with their names and values, and nothing else. A change is checked
 * against this before it is stored, and a refusal names the JSON path of the first problem.
 */
import { Ajv, type ErrorObject } from 'ajv';
import { PASSWORD_MAX_LENGTH } from '../identity/strategies/password/password-text.js';
import { parseGoDuration } from './duration.js';

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', additionalProperties: false, properties, required });
const flag = { type: 'boolean' };
const duration = { type: 'string', format: 'go-duration' };
const enabled = object({ enabled: flag });

const oidcProvider = object(
  {
    id: { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]{0,39}$' },
    provider: { enum: ['generic', 'google', 'microsoft', 'github'] },
    label: { type: 'string', maxLength: 100 },
    client_id: { type: 'string', minLength: 1, maxLength: 500 },
    client_secret: { type: 'string', minLength: 1, maxLength: 500 },
    issuer_url: { type: 'string', format: 'uri' },
    microsoft_tenant: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9.-]{0,99}$' },
    scope: { type: 'array', items: { type: 'string', minLength: 1 }, maxItems: 50 },
    mapper_url: { type: 'string', minLength: 1 },
  },
  ['id', 'provider', 'client_id'],
);

const identityConfig = object({
  selfservice: object({
    flows: object({
      recovery: object({ use: { enum: ['code', 'link'] } }),
      verification: object({ use: { enum: ['code', 'link'] } }),
    }),
    methods: object({
      password: object({
        enabled: flag,
        config: object({
          min_password_length: { type: 'integer', minimum: 6, maximum: PASSWORD_MAX_LENGTH },
          identifier_similarity_check_enabled: flag,
          haveibeenpwned_enabled: flag,
          max_breaches: { type: 'integer', minimum: 0, maximum: 1_000_000 },
          ignore_network_errors: flag,
        }),
      }),
      code: enabled,
      link: enabled,
      totp: enabled,
      lookup_secret: enabled,
      webauthn: enabled,
      passkey: enabled,
      oidc: object({ enabled: flag, config: object({ providers: { type: 'array', items: oidcProvider, maxItems: 50 } }) }),
    }),
  }),
  session: object({ lifespan: duration }),
});

const oauth2Config = object({
  strategies: object({
    access_token: { enum: ['opaque', 'jwt'] },
    scope: { enum: ['exact', 'wildcard'] },
  }),
  ttl: object({ access_token: duration, refresh_token: duration, id_token: duration }),
});

const namespace = {
  oneOf: [
    object({ name: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$' } }, ['name']),
    object({ location: { type: 'string', pattern: '^base64://[A-Za-z0-9+/=_-]+$' } }, ['location']),
  ],
};

const permissionConfig = object({
  namespaces: { type: 'array', items: namespace, maxItems: 200 },
  limit: object({
    max_read_depth: { type: 'integer', minimum: 1, maximum: 100 },
    max_read_width: { type: 'integer', minimum: 1, maximum: 10_000 },
  }),
  feature_flags: object({ strict_mode: flag }),
});

const cors = object({ enabled: flag, origins: { type: 'array', items: { type: 'string', minLength: 1 }, maxItems: 100 } });

/** The document PUT replaces and PATCH edits: Ory's SetProject without organizations. */
export const PROJECT_DOCUMENT_SCHEMA = object(
  {
    name: { type: 'string', minLength: 1, maxLength: 100 },
    services: object(
      {
        identity: object({ config: identityConfig }, ['config']),
        oauth2: object({ config: oauth2Config }, ['config']),
        permission: object({ config: permissionConfig }, ['config']),
      },
      ['identity', 'oauth2', 'permission'],
    ),
    cors_admin: cors,
    cors_public: cors,
  },
  ['name', 'services', 'cors_admin', 'cors_public'],
);

export interface ProjectCors {
  enabled?: boolean;
  origins?: string[];
}

export interface ProjectDocument {
  name: string;
  services: {
    identity: { config: Record<string, unknown> };
    oauth2: { config: Record<string, unknown> };
    permission: { config: Record<string, unknown> };
  };
  cors_admin: ProjectCors;
  cors_public: ProjectCors;
}

export class ProjectDocumentValidator {
  private readonly check;

  /** `usable`: what the schema cannot say (a provider's secret exists somewhere), as a sentence naming the path. */
  constructor(private readonly usable: (document: ProjectDocument) => string | undefined = () => undefined) {
    // allErrors off: the first problem is the one named, and a oneOf's branches stay quiet.
    const ajv = new Ajv({ strict: false, allErrors: false });
    ajv.addFormat('go-duration', { type: 'string', validate: (text: string) => (parseGoDuration(text) ?? 0) > 0 });
    ajv.addFormat('uri', { type: 'string', validate: (text: string) => URL.canParse(text) });
    this.check = ajv.compile<ProjectDocument>(PROJECT_DOCUMENT_SCHEMA);
  }

  /** A sentence naming the JSON path of the first problem, or undefined when the document is valid. */
  problem(document: unknown): string | undefined {
    if (this.check(document)) return this.usable(document);
    const errors = this.check.errors ?? [];
    // A oneOf's own error says what the alternatives are; its branches' errors come before it.
    return describe(errors.find((error) => error.keyword === 'oneOf') ?? errors[0]);
  }
}

/** `/services/identity/config/session/lifespan` → `services.identity.config.session.lifespan`. */
function dotted(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

function describe(error: ErrorObject | undefined): string {
  if (!error) return 'The project configuration is not valid';
  const at = dotted(error.instancePath);
  const place = (key: string) => (at ? `${at}.${key}` : key);
  switch (error.keyword) {
    case 'additionalProperties':
      return `${place(String(error.params.additionalProperty))} is not a configuration key this installation knows`;
    case 'required':
      return `${place(String(error.params.missingProperty))} is required`;
    case 'enum':
      return `${at} must be one of ${(error.params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')}`;
    case 'format':
      return error.params.format === 'go-duration' ? `${at} must be a positive duration such as "24h" or "30m"` : `${at} must be a valid ${error.params.format}`;
    case 'oneOf':
      return `${at} must be either {"name": "<namespace>"} or {"location": "base64://<OPL>"}`;
    default:
      return `${at || 'the configuration'} ${error.message ?? 'is not valid'}`;
  }
}
