import { describe, expect, it } from 'vitest';
import type { UiNode } from '../../../shared/identity-flow.js';
import { DEFAULT_SCHEMA_ID, defaultIdentitySchema, defaultSchemaEntry } from '../../../server/identity/traits/default-schema.js';
import { goFloat, goQuote } from '../../../server/identity/traits/go-format.js';
import type { IdentitySchemaEntry, JsonSchema } from '../../../server/identity/traits/identity-schema.js';
import { traitNodesFromSchema } from '../../../server/identity/traits/schema-nodes.js';
import { decodeSchemaId, encodeSchemaId, getSchemaBody, listSchemasBody, schemaUrl } from '../../../server/identity/traits/schemas-endpoint.js';
import { extractTraitAddresses } from '../../../server/identity/traits/trait-addresses.js';
import { isEmailAddress } from '../../../server/identity/traits/trait-formats.js';
import { attachValidationMessages, compileIdentitySchema, validateTraits } from '../../../server/identity/traits/validate-traits.js';

// Expected texts are Kratos' own (text/message_validation.go, text/message_node.go); ids and
// context keys as in the shared message catalogue.

const emailNode = (group: 'default' | 'profile', value?: string): UiNode => ({
  type: 'input',
  group,
  attributes: {
    name: 'traits.email',
    type: 'email',
    ...(value === undefined ? {} : { value }),
    required: true,
    autocomplete: 'email',
    disabled: false,
    node_type: 'input',
  },
  messages: [],
  meta: {
    label: { id: 1070002, text: 'E-Mail', type: 'info', context: { name: 'traits.email', title: 'E-Mail' } },
  },
});

const nameNode = (group: 'default' | 'profile', part: 'first' | 'last', title: string, value?: string): UiNode => ({
  type: 'input',
  group,
  attributes: {
    name: `traits.name.${part}`,
    type: 'text',
    ...(value === undefined ? {} : { value }),
    disabled: false,
    node_type: 'input',
  },
  messages: [],
  meta: {
    label: { id: 1070002, text: title, type: 'info', context: { name: `traits.name.${part}`, title } },
  },
});

/** Exercises every keyword the translation knows, one property each. */
const testSchema: JsonSchema = {
  $id: 'https://example.test/identity.test.schema.json',
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  definitions: {
    phone: {
      type: 'string',
      format: 'tel',
      title: 'Phone',
      'ory.sh/kratos': {
        credentials: { code: { identifier: true, via: 'sms' } },
        verification: { via: 'sms' },
      },
    },
  },
  properties: {
    traits: {
      type: 'object',
      properties: {
        username: {
          type: 'string',
          title: 'Username',
          minLength: 3,
          maxLength: 8,
          pattern: '^[a-z0-9_]+$',
          'ory.sh/kratos': { credentials: { password: { identifier: true }, webauthn: { identifier: true } } },
        },
        emails: {
          type: 'array',
          items: {
            type: 'string',
            format: 'email',
            'ory.sh/kratos': { verification: { via: 'email' }, recovery: { via: 'email' } },
          },
        },
        phone: { $ref: '#/definitions/phone' },
        age: { type: 'integer', minimum: 18, maximum: 130 },
        score: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 10, multipleOf: 0.5 },
        big: { type: 'number', minimum: 1000000 },
        tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3, uniqueItems: true },
        role: { type: 'string', enum: ['admin', 'user'], title: 'Role' },
        plan: { type: 'string', const: 'free' },
        layout: { type: 'object', const: { a: 1 } },
        website: { type: 'string', format: 'uri' },
        birthday: { type: 'string', format: 'date' },
        met_at: { type: 'string', format: 'date-time' },
        newsletter: { type: 'boolean', title: 'Newsletter' },
        addresses: { type: 'array', items: { type: 'object' } },
        address: {
          type: 'object',
          required: ['city'],
          properties: { city: { type: 'string' }, zip: { type: 'string' } },
        },
      },
      required: ['username'],
      additionalProperties: false,
    },
  },
};

const validTraits = { username: 'ada_l' };

function names(nodes: UiNode[]): string[] {
  return nodes.map((n) => (n.attributes.node_type === 'input' ? n.attributes.name : n.attributes.id));
}

describe('default identity schema', () => {
  it('is the quickstart email-password schema under the id "default"', () => {
    expect(DEFAULT_SCHEMA_ID).toBe('default');
    expect(defaultSchemaEntry.id).toBe('default');
    const traits = defaultIdentitySchema.properties?.traits;
    expect(traits?.required).toEqual(['email']);
    expect(traits?.additionalProperties).toBe(false);
    expect(traits?.properties?.email).toMatchObject({
      type: 'string',
      format: 'email',
      title: 'E-Mail',
      minLength: 3,
      'ory.sh/kratos': {
        credentials: { password: { identifier: true } },
        verification: { via: 'email' },
        recovery: { via: 'email' },
      },
    });
    expect(Object.isFrozen(defaultIdentitySchema)).toBe(true);
  });

  it('gives registration nodes exactly as Kratos renders the quickstart schema', () => {
    expect(traitNodesFromSchema(defaultIdentitySchema, 'default')).toEqual([
      emailNode('default'),
      nameNode('default', 'first', 'First Name'),
      nameNode('default', 'last', 'Last Name'),
    ]);
  });

  it('keeps Kratos attribute order in the serialised node', () => {
    const [node] = traitNodesFromSchema(defaultIdentitySchema, 'default');
    expect(JSON.stringify(node?.attributes)).toBe('{"name":"traits.email","type":"email","required":true,"autocomplete":"email","disabled":false,"node_type":"input"}');
    expect(JSON.stringify(node?.meta)).toBe('{"label":{"id":1070002,"text":"E-Mail","type":"info","context":{"name":"traits.email","title":"E-Mail"}}}');
  });

  it('gives settings nodes in group profile with the current values', () => {
    const nodes = traitNodesFromSchema(defaultIdentitySchema, 'profile', {
      email: 'ada@example.com',
      name: { first: 'Ada' },
    });
    expect(nodes).toEqual([emailNode('profile', 'ada@example.com'), nameNode('profile', 'first', 'First Name', 'Ada'), nameNode('profile', 'last', 'Last Name')]);
  });
});

describe('schema nodes', () => {
  const nodes = traitNodesFromSchema(testSchema, 'default');
  const byName = (name: string) => {
    const node = nodes.find((n) => n.attributes.node_type === 'input' && n.attributes.name === name);
    if (!node) throw new Error(`no node ${name}`);
    return node;
  };

  it('lists form fields in schema order, leaving out objects and arrays of objects', () => {
    expect(names(nodes)).toEqual([
      'traits.username',
      'traits.emails',
      'traits.phone',
      'traits.age',
      'traits.score',
      'traits.big',
      'traits.tags',
      'traits.role',
      'traits.plan',
      'traits.website',
      'traits.birthday',
      'traits.met_at',
      'traits.newsletter',
      'traits.address.city',
      'traits.address.zip',
    ]);
  });

  it('derives input types, autocomplete, pattern, options, required and labels from the schema', () => {
    expect(byName('traits.username').attributes).toEqual({
      name: 'traits.username',
      type: 'text',
      required: true,
      pattern: '^[a-z0-9_]+$',
      disabled: false,
      node_type: 'input',
    });
    expect(byName('traits.phone')).toMatchObject({
      attributes: { type: 'tel', autocomplete: 'tel' },
      meta: { label: { id: 1070002, text: 'Phone', context: { name: 'traits.phone', title: 'Phone' } } },
    });
    expect(byName('traits.age').attributes).toMatchObject({ type: 'number' });
    expect(byName('traits.newsletter').attributes).toMatchObject({ type: 'checkbox' });
    expect(byName('traits.website').attributes).toMatchObject({ type: 'url', autocomplete: 'url' });
    expect(byName('traits.birthday').attributes).toMatchObject({ type: 'date' });
    expect(byName('traits.met_at').attributes).toMatchObject({ type: 'datetime-local' });
    expect(byName('traits.tags').attributes).toMatchObject({ type: 'text' });
    expect(byName('traits.role').attributes).toMatchObject({ options: [{ value: 'admin' }, { value: 'user' }] });
    expect(byName('traits.address.city').attributes).toMatchObject({ required: true });
    expect(byName('traits.address.zip').attributes).not.toHaveProperty('required');
    expect(byName('traits.age').meta).toEqual({});
  });

  it('fills false and zero values but leaves out null ones', () => {
    const filled = traitNodesFromSchema(testSchema, 'profile', { newsletter: false, age: 0, role: null });
    const value = (name: string) => {
      const node = filled.find((n) => n.attributes.node_type === 'input' && n.attributes.name === name);
      return node?.attributes.node_type === 'input' ? node.attributes : undefined;
    };
    expect(value('traits.newsletter')).toHaveProperty('value', false);
    expect(value('traits.age')).toHaveProperty('value', 0);
    expect(value('traits.role')).not.toHaveProperty('value');
    expect(filled.every((n) => n.group === 'profile')).toBe(true);
  });
});

describe('validation of the default schema', () => {
  it('accepts a complete identity', () => {
    expect(validateTraits(defaultIdentitySchema, { email: 'ada@example.com', name: { first: 'Ada' } })).toEqual({
      valid: true,
      messages: [],
    });
  });

  it('reports a missing email as 4000002 on traits.email', () => {
    const result = validateTraits(defaultIdentitySchema, { name: { first: 'Ada' } });
    expect(result).toEqual({
      valid: false,
      messages: [
        {
          field: 'traits.email',
          message: { id: 4000002, text: 'Property email is missing.', type: 'error', context: { property: 'email' } },
        },
      ],
    });
  });

  it('reports a malformed email as 4000040 with the value', () => {
    expect(validateTraits(defaultIdentitySchema, { email: 'not-an-email' }).messages).toEqual([
      {
        field: 'traits.email',
        message: { id: 4000040, text: 'Enter a valid email address', type: 'error', context: { value: 'not-an-email' } },
      },
    ]);
  });

  it('reports a too short email with 4000003 besides the format', () => {
    expect(validateTraits(defaultIdentitySchema, { email: 'a@' }).messages.map((m) => m.message)).toEqual([
      {
        id: 4000003,
        text: 'length must be >= 3, but got 2',
        type: 'error',
        context: { actual_length: 2, min_length: 3 },
      },
      { id: 4000040, text: 'Enter a valid email address', type: 'error', context: { value: 'a@' } },
    ]);
  });

  it('reports unknown traits once per object, at the document level', () => {
    const result = validateTraits(defaultIdentitySchema, { email: 'ada@example.com', foo: 1, bar: 2 });
    expect(result.messages).toEqual([
      {
        field: 'traits',
        message: {
          id: 4000001,
          text: 'additionalProperties "foo", "bar" not allowed',
          type: 'error',
          context: { reason: 'additionalProperties "foo", "bar" not allowed' },
        },
      },
    ]);
  });

  it('puts field messages on their nodes and the rest on the flow', () => {
    const nodes = traitNodesFromSchema(defaultIdentitySchema, 'default');
    const { messages } = validateTraits(defaultIdentitySchema, { name: { first: 1 }, extra: true });
    const attached = attachValidationMessages(nodes, messages);
    expect(attached.nodes.map((n) => n.messages.map((m) => m.id))).toEqual([[4000002], [4000026], []]);
    expect(attached.messages.map((m) => m.id)).toEqual([4000001]);
    expect(nodes.every((n) => n.messages.length === 0)).toBe(true);
  });

  it('accepts addresses Kratos accepts that stricter checkers refuse', () => {
    for (const ok of ['ada@localhost', '"ada lovelace"@example.com', 'jörg@example.com', 'a.b+c@sub.example.org']) {
      expect(isEmailAddress(ok), ok).toBe(true);
    }
    for (const bad of ['ada', 'ada@', '@example.com', 'a..b@example.com', 'ada@-example.com', 'ada@exa_mple.com', 'a b@example.com']) {
      expect(isEmailAddress(bad), bad).toBe(false);
    }
  });

  it('compiles a schema once', () => {
    expect(compileIdentitySchema(defaultIdentitySchema)).toBe(compileIdentitySchema(defaultIdentitySchema));
  });

  it('compiles two copies of a schema with the same $id', () => {
    const copy = structuredClone<JsonSchema>(defaultIdentitySchema);
    expect(validateTraits(copy, {}).messages.map((m) => m.message.id)).toEqual([4000002]);
  });
});

describe('validation messages per keyword', () => {
  const messagesFor = (traits: Record<string, unknown>) => validateTraits(testSchema, { ...validTraits, ...traits }).messages;

  it('maxLength → 4000017', () => {
    expect(messagesFor({ username: 'abcdefghij' })).toEqual([
      {
        field: 'traits.username',
        message: {
          id: 4000017,
          text: 'length must be <= 8, but got 10',
          type: 'error',
          context: { actual_length: 10, max_length: 8 },
        },
      },
    ]);
  });

  it('counts code points, not UTF-16 units', () => {
    expect(messagesFor({ username: '😀😀' }).map((m) => m.message.context)).toContainEqual({
      actual_length: 2,
      min_length: 3,
    });
  });

  it('pattern → 4000004 with the pattern quoted as Go does', () => {
    expect(messagesFor({ username: 'Ada!' })).toEqual([
      {
        field: 'traits.username',
        message: {
          id: 4000004,
          text: 'does not match pattern "^[a-z0-9_]+$"',
          type: 'error',
          context: { pattern: '^[a-z0-9_]+$' },
        },
      },
    ]);
  });

  it('wrong type → 4000026, and nothing else for that value', () => {
    expect(messagesFor({ username: 42, role: 7 })).toEqual([
      {
        field: 'traits.username',
        message: {
          id: 4000026,
          text: 'expected string, but got number',
          type: 'error',
          context: { actual_type: 'number', allowed_types: ['string'] },
        },
      },
      {
        field: 'traits.role',
        message: {
          id: 4000026,
          text: 'expected string, but got number',
          type: 'error',
          context: { actual_type: 'number', allowed_types: ['string'] },
        },
      },
    ]);
    expect(messagesFor({ age: 18.5 }).map((m) => m.message.text)).toEqual(['expected integer, but got number']);
  });

  it('minimum / maximum → 4000018 / 4000020', () => {
    expect(messagesFor({ age: 17 })).toEqual([
      {
        field: 'traits.age',
        message: { id: 4000018, text: 'must be >= 18 but found 17', type: 'error', context: { actual: 17, minimum: 18 } },
      },
    ]);
    expect(messagesFor({ age: 131 })).toEqual([
      {
        field: 'traits.age',
        message: { id: 4000020, text: 'must be <= 130 but found 131', type: 'error', context: { actual: 131, maximum: 130 } },
      },
    ]);
  });

  it('prints large numbers the way Go does', () => {
    expect(messagesFor({ big: 999999 }).map((m) => m.message.text)).toEqual(['must be >= 1e+06 but found 999999']);
  });

  it('exclusive bounds and multipleOf → 4000019 / 4000021 / 4000022', () => {
    expect(messagesFor({ score: 0 }).map((m) => m.message)).toEqual([{ id: 4000019, text: 'must be > 0 but found 0', type: 'error', context: { actual: 0, minimum: 0 } }]);
    expect(messagesFor({ score: 10 }).map((m) => m.message)).toEqual([{ id: 4000021, text: 'must be < 10 but found 10', type: 'error', context: { actual: 10, maximum: 10 } }]);
    expect(messagesFor({ score: 2.3 }).map((m) => m.message)).toEqual([{ id: 4000022, text: '2.3 not multipleOf 0.5', type: 'error', context: { actual: 2.3, base: 0.5 } }]);
  });

  it('array bounds and duplicates → 4000024 / 4000023 / 4000025', () => {
    expect(messagesFor({ tags: [] }).map((m) => m.message)).toEqual([
      {
        id: 4000024,
        text: 'minimum 1 items allowed, but found 0 items',
        type: 'error',
        context: { actual_items: 0, min_items: 1 },
      },
    ]);
    expect(messagesFor({ tags: ['a', 'b', 'c', 'd'] }).map((m) => m.message)).toEqual([
      {
        id: 4000023,
        text: 'maximum 3 items allowed, but found 4 items',
        type: 'error',
        context: { actual_items: 4, max_items: 3 },
      },
    ]);
    expect(messagesFor({ tags: ['a', 'b', 'a'] }).map((m) => m.message)).toEqual([
      { id: 4000025, text: 'items at index 0 and 2 are equal', type: 'error', context: { index_a: 0, index_b: 2 } },
    ]);
  });

  it('const → 4000029, or 4000030 for a structured constant', () => {
    expect(messagesFor({ plan: 'pro' }).map((m) => m.message)).toEqual([{ id: 4000029, text: 'must be equal to constant "free"', type: 'error', context: { expected: '"free"' } }]);
    expect(messagesFor({ layout: { a: 2 } }).map((m) => m.message)).toEqual([{ id: 4000030, text: 'const failed', type: 'error' }]);
  });

  it('enum and other formats → 4000001 with the validator sentence', () => {
    expect(messagesFor({ role: 'root' }).map((m) => m.message)).toEqual([
      {
        id: 4000001,
        text: 'value must be one of "admin", "user"',
        type: 'error',
        context: { reason: 'value must be one of "admin", "user"' },
      },
    ]);
    expect(messagesFor({ birthday: 'yesterday' }).map((m) => m.message)).toEqual([
      {
        id: 4000001,
        text: '"yesterday" is not valid "date"',
        type: 'error',
        context: { reason: '"yesterday" is not valid "date"' },
      },
    ]);
  });

  it('tel format → 4000041', () => {
    expect(messagesFor({ phone: '12345' })).toEqual([
      {
        field: 'traits.phone',
        message: { id: 4000041, text: 'Enter a valid phone number', type: 'error', context: { value: '12345' } },
      },
    ]);
  });

  it('addresses nested and array fields by dotted path', () => {
    expect(messagesFor({ address: {}, emails: ['ok@example.com', 'nope'] })).toEqual([
      {
        field: 'traits.emails.1',
        message: { id: 4000040, text: 'Enter a valid email address', type: 'error', context: { value: 'nope' } },
      },
      {
        field: 'traits.address.city',
        message: { id: 4000002, text: 'Property city is missing.', type: 'error', context: { property: 'city' } },
      },
    ]);
  });
});

describe('identifiers and addresses', () => {
  it('reads the default email as password and code identifier, verification and recovery address', () => {
    expect(extractTraitAddresses(defaultIdentitySchema, { email: '  Ada@Example.COM ', name: { first: 'Ada' } })).toEqual({
      identifiers: { password: ['ada@example.com'], webauthn: [], code: ['ada@example.com'] },
      codeAddresses: [{ value: 'ada@example.com', via: 'email' }],
      verifiable: [{ value: 'ada@example.com', via: 'email' }],
      recovery: [{ value: 'ada@example.com', via: 'email' }],
    });
  });

  it('follows $ref and array items, and removes duplicates', () => {
    const found = extractTraitAddresses(testSchema, {
      username: 'Ada_L',
      phone: '+49 (30) 1234-5678',
      emails: ['ada@example.com', 'ADA@example.com', 'lovelace@example.org'],
    });
    expect(found).toEqual({
      identifiers: { password: ['ada_l'], webauthn: ['ada_l'], code: ['+493012345678'] },
      codeAddresses: [{ value: '+493012345678', via: 'sms' }],
      // Schema order: the `emails` property comes before `phone`.
      verifiable: [
        { value: 'ada@example.com', via: 'email' },
        { value: 'lovelace@example.org', via: 'email' },
        { value: '+493012345678', via: 'sms' },
      ],
      recovery: [
        { value: 'ada@example.com', via: 'email' },
        { value: 'lovelace@example.org', via: 'email' },
      ],
    });
  });

  it('finds nothing for absent traits', () => {
    expect(extractTraitAddresses(defaultIdentitySchema, {})).toEqual({
      identifiers: { password: [], webauthn: [], code: [] },
      codeAddresses: [],
      verifiable: [],
      recovery: [],
    });
  });
});

describe('schema endpoints', () => {
  const schemas: IdentitySchemaEntry[] = [defaultSchemaEntry, { id: 'customer', schema: testSchema }];

  it('lists every schema as {id, schema}', () => {
    expect(listSchemasBody(schemas)).toEqual([
      { id: 'default', schema: defaultIdentitySchema },
      { id: 'customer', schema: testSchema },
    ]);
  });

  it('serves a schema by id or by its base64url id, the default for an empty id', () => {
    expect(getSchemaBody(schemas, 'customer')).toEqual({ status: 200, body: testSchema });
    expect(encodeSchemaId('default')).toBe('ZGVmYXVsdA');
    expect(getSchemaBody(schemas, 'ZGVmYXVsdA')).toEqual({ status: 200, body: defaultIdentitySchema });
    expect(getSchemaBody(schemas, '')).toEqual({ status: 200, body: defaultIdentitySchema });
  });

  it('answers 404 with the error envelope for an unknown id', () => {
    expect(getSchemaBody(schemas, 'nope')).toEqual({
      status: 404,
      body: {
        error: {
          code: 404,
          status: 'Not Found',
          reason: 'Identity schema `nope` could not be found.',
          message: 'The requested resource could not be found',
        },
      },
    });
  });

  it('builds schema_url and decodes only canonical base64url', () => {
    expect(schemaUrl('https://id.example.test/', 'default')).toBe('https://id.example.test/schemas/ZGVmYXVsdA');
    expect(decodeSchemaId('ZGVmYXVsdA')).toBe('default');
    expect(decodeSchemaId('ZGVmYXVsdA==')).toBeUndefined();
    expect(decodeSchemaId('ZGVm*YXVsdA')).toBeUndefined();
  });
});

describe('Go formatting', () => {
  it('prints floats as %v does', () => {
    expect([0, 18, 2.5, 0.0001, 0.00001, 123456, 1000000, 1234567, 1e21, -3e-7].map(goFloat)).toEqual([
      '0',
      '18',
      '2.5',
      '0.0001',
      '1e-05',
      '123456',
      '1e+06',
      '1.234567e+06',
      '1e+21',
      '-3e-07',
    ]);
  });

  it('quotes strings as %q does', () => {
    expect(goQuote('a"b\\c\n\x01\x7fé\u2028')).toBe('"a\\"b\\\\c\\n\\x01\\x7fé\\u2028"');
  });
});
