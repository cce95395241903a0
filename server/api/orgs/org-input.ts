/** What an organisation is made of on the wire, and the JSON schema its bodies are checked with. */

export interface OrgAddress {
  street: string;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2, or empty. */
  country: string;
}

export interface OrgInput {
  name: string;
  legalName?: string;
  vatId?: string;
  email?: string;
  phone?: string;
  address?: Partial<OrgAddress>;
}

const optional = (pattern: string) => `^$|${pattern}`;

export const ORG_BODY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
    legalName: { type: 'string', maxLength: 200 },
    // European VAT ids: a country prefix, then 2 to 13 digits or letters (spaces and dots allowed).
    vatId: { type: 'string', maxLength: 20, pattern: optional('^[A-Za-z]{2}[0-9A-Za-z+*. ]{2,16}$') },
    email: { type: 'string', maxLength: 254, pattern: optional('^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$') },
    phone: { type: 'string', maxLength: 30, pattern: optional('^\\+?[0-9 ()./-]{4,30}$') },
    address: {
      type: 'object',
      additionalProperties: false,
      properties: {
        street: { type: 'string', maxLength: 200 },
        postalCode: { type: 'string', maxLength: 20 },
        city: { type: 'string', maxLength: 100 },
        country: { type: 'string', pattern: optional('^[A-Z]{2}$') },
      },
    },
  },
} as const;

export const ORG_LIST_QUERY = {
  q: { type: 'string', maxLength: 200 },
  sort: { type: 'string', enum: ['name', 'created'] },
} as const;
