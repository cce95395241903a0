/** Share links on the wire: the managed link (never its token after creation) and the shared project as a link's holder sees it. */
import { Type, type Static } from 'typebox';
import { ThresholdsSchema } from '../reporting/settings-schema.js';
import { DateTime, Nullable } from '../http/response-schemas.js';
import { UUID_PATTERN } from '../../../shared/uuid.js';

/** Links live at most this long, so a forgotten one does not stay open for ever. */
export const MAX_SHARE_DAYS = 366;

export const ShareSchema = Type.Object({
  id: Type.String(),
  projectId: Type.String(),
  label: Type.String(),
  floorIds: Nullable(Type.Array(Type.String()), { description: 'The floors it opens; null: every floor, also those added later.' }),
  expiresAt: Nullable(DateTime),
  createdBy: Nullable(Type.String()),
  createdByName: Nullable(Type.String({ description: 'The maker’s name, else their e-mail; null when unknown.' })),
  createdAt: DateTime,
  revokedAt: Nullable(DateTime),
  lastUsedAt: Nullable(DateTime),
});
export type Share = Static<typeof ShareSchema>;

export const CreatedShareSchema = Type.Object({
  share: ShareSchema,
  token: Type.String({ description: 'The secret of the link. Shown in this answer only: only its hash is kept.' }),
  path: Type.String({ description: 'The page the link opens, relative to the site: /share/{token}.' }),
});

export const ShareBody = Type.Object(
  {
    label: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', description: 'Who or what the link is for, as the list shows it.' }),
    floorIds: Type.Optional(Type.Array(Type.String({ pattern: UUID_PATTERN }), { minItems: 1, maxItems: 200, uniqueItems: true, description: 'Absent: every floor.' })),
    expiresAt: Type.Optional(Type.String({ format: 'date-time', description: `In the future, at most ${MAX_SHARE_DAYS} days ahead.` })),
  },
  { additionalProperties: false },
);

const SharedFloorSchema = Type.Object({ id: Type.String(), name: Type.String(), level: Type.Integer(), floorplans: Type.Integer(), tracks: Type.Integer() });

export const SharedProjectSchema = Type.Object({
  name: Type.String(),
  customer: Type.String(),
  floors: Type.Array(SharedFloorSchema, { description: 'The floors the link opens, lowest level first.' }),
  limited: Type.Boolean({ description: 'True when the link opens only some floors.' }),
  settings: Type.Record(Type.String(), ThresholdsSchema, { description: 'The reporting thresholds by technology id, as the viewer colours with them.' }),
  expiresAt: Nullable(DateTime),
});
export type SharedProject = Static<typeof SharedProjectSchema>;
