/**
 * What an organisation is made of on the wire when it is created, changed or listed: the schemas
 * its bodies and list query are checked with, and the input type the store takes, derived from them.
 */
import { Type, type Static } from 'typebox';
import { PageQueryFields } from '../http/list-query.js';
import { TextEnum } from '../http/schemas.js';

/** Optional fields may also be cleared with an empty text. */
const optional = (pattern: string) => `^$|${pattern}`;

const OrgAddressInput = Type.Object(
  {
    street: Type.Optional(Type.String({ maxLength: 200 })),
    postalCode: Type.Optional(Type.String({ maxLength: 20 })),
    city: Type.Optional(Type.String({ maxLength: 100 })),
    country: Type.Optional(Type.String({ pattern: optional('^[A-Z]{2}$'), description: 'ISO 3166-1 alpha-2, or empty' })),
  },
  { additionalProperties: false },
);

const OrgFields = {
  name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
  legalName: Type.String({ maxLength: 200 }),
  // European VAT ids: a country prefix, then 2 to 13 digits or letters (spaces and dots allowed).
  vatId: Type.String({ maxLength: 20, pattern: optional('^[A-Za-z]{2}[0-9A-Za-z+*. ]{2,16}$') }),
  email: Type.String({ maxLength: 254, pattern: optional('^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$') }),
  phone: Type.String({ maxLength: 30, pattern: optional('^\\+?[0-9 ()./-]{4,30}$') }),
  address: OrgAddressInput,
};
const { name, ...rest } = OrgFields;

/** The fields of a new organisation: a name, the rest optional. */
export const NewOrgFields = { name, ...Type.Partial(Type.Object(rest)).properties };
export const NewOrg = Type.Object(NewOrgFields, { additionalProperties: false });
export type OrgInput = Static<typeof NewOrg>;

/** A change: any of the fields, at least one. */
export const OrgChange = Type.Partial(Type.Object(OrgFields), { additionalProperties: false, minProperties: 1 });

export const OrgListQuery = Type.Object(
  { q: Type.Optional(Type.String({ maxLength: 200 })), sort: Type.Optional(TextEnum(['name', 'created'])), ...PageQueryFields },
  { additionalProperties: false },
);
