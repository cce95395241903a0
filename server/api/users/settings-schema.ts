/** A user's own settings on the wire: the response schema, and the type the store returns derived from it. */
import { Type, type Static } from 'typebox';
import { LOCALES } from '../../../shared/locales.js';
import { DateTime, Nullable } from '../http/response-schemas.js';

export const UNITS = ['metric', 'imperial'] as const;

export const UserSettingsSchema = Type.Object({
  locale: Type.Enum(LOCALES),
  units: Type.Enum(UNITS),
  defaultOrgId: Nullable(Type.String(), { description: 'The organisation the client opens first; cleared when the user leaves it' }),
  updatedAt: Nullable(DateTime),
});
export type UserSettings = Static<typeof UserSettingsSchema>;
