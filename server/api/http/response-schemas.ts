/**
 * The shapes the API answers with, as JSON schemas built with TypeBox: the same object is the
 * route's response schema (Fastify serialises with it, and the OpenAPI document publishes it) and,
 * through `Static<…>`, the TypeScript type the stores return — so neither can drift from the other.
 */
import { Type, type Static, type TSchema, type TSchemaOptions } from 'typebox';
import { COUNT_BOUND } from './list-query.js';

export const DateTime = Type.String({ format: 'date-time' });
export const Nullable = <T extends TSchema>(schema: T, options?: TSchemaOptions) => Type.Union([schema, Type.Null()], options);

/**
 * A 204: no body at all. `type: 'null'` is how the OpenAPI document says "no content"; the handler
 * sends nothing, so its type is `undefined` and `reply.code(204).send()` needs no argument.
 */
export const NoContent = Type.Unsafe<undefined>({ type: 'null', description: 'No content' });

/** Every list answers one page of its items. */
export const PageOf = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    page: Type.Integer(),
    perPage: Type.Integer(),
    total: Type.Integer({ description: 'How many items match, or at least how many when `totalIsLowerBound` is true.' }),
    totalIsLowerBound: Type.Optional(
      Type.Boolean({
        description: `True when the list stopped counting: more than \`total\` items match (\`total\` is ${COUNT_BOUND}, or the end of the page when further). Absent or false: \`total\` is exact.`,
      }),
    ),
  });

export const OrgSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  legalName: Type.String(),
  vatId: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  address: Type.Object({ street: Type.String(), postalCode: Type.String(), city: Type.String(), country: Type.String() }),
  members: Type.Integer(),
  role: Nullable(Type.Union([Type.Literal('owner'), Type.Literal('admin'), Type.Literal('member'), Type.Literal('viewer')])),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type OrgResponse = Static<typeof OrgSchema>;

export const ProjectSchema = Type.Object({
  id: Type.String(),
  orgId: Type.String(),
  name: Type.String(),
  description: Type.String(),
  status: Type.Union([Type.Literal('running'), Type.Literal('halted')]),
  customer: Type.String(),
  address: Type.String(),
  createdBy: Nullable(Type.String()),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type ProjectResponse = Static<typeof ProjectSchema>;

const TrackCounts = Type.Object({
  total: Type.Integer(),
  imported: Type.Integer(),
  queued: Type.Integer(),
  processing: Type.Integer(),
  processed: Type.Integer(),
  failed: Type.Integer(),
});

export const ProjectStatsSchema = Type.Object({
  projectId: Type.String(),
  floors: Type.Integer(),
  floorplans: Type.Integer(),
  calibratedFloorplans: Type.Integer(),
  tracks: TrackCounts,
  samples: Type.Integer(),
  networks: Type.Integer(),
  photos: Type.Integer(),
  contacts: Type.Integer(),
  members: Type.Integer(),
  surveyedAreaM2: Type.Number(),
  coverage: Type.Array(Type.Object({ technology: Type.String(), percent: Type.Number(), surveyedAreaM2: Type.Number() })),
  lastSurveyAt: Nullable(DateTime),
});
export type ProjectStatsResponse = Static<typeof ProjectStatsSchema>;

export const FloorSchema = Type.Object({
  id: Type.String(),
  projectId: Type.String(),
  name: Type.String(),
  level: Type.Integer(),
  heightM: Nullable(Type.Number()),
  floorplans: Type.Integer(),
  tracks: Type.Integer(),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type FloorResponse = Static<typeof FloorSchema>;

export const NotificationSchema = Type.Object({
  id: Type.String(),
  orgId: Type.String(),
  kind: Type.String(),
  title: Type.String(),
  body: Type.String(),
  data: Type.Record(Type.String(), Type.Unknown()),
  createdAt: DateTime,
});
export type NotificationResponse = Static<typeof NotificationSchema>;

export const SubscriptionSchema = Type.Object({
  id: Type.String(),
  deviceId: Type.String(),
  orgId: Type.String(),
  plan: Type.String(),
  interval: Type.Union([Type.Literal('monthly'), Type.Literal('yearly')]),
  priceMinor: Type.Integer(),
  currency: Type.Union([Type.Literal('EUR'), Type.Literal('USD'), Type.Literal('GBP')]),
  state: Type.Union([Type.Literal('active'), Type.Literal('cancelling'), Type.Literal('cancelled')]),
  startedAt: DateTime,
  currentPeriodStart: DateTime,
  currentPeriodEnd: DateTime,
  cancelledAt: Nullable(DateTime),
  endedAt: Nullable(DateTime),
});

export const DeviceSchema = Type.Object({
  id: Type.String(),
  orgId: Type.String(),
  serial: Type.String(),
  model: Type.String(),
  name: Type.String(),
  firmwareVersion: Nullable(Type.String()),
  status: Type.Union([Type.Literal('active'), Type.Literal('disabled')]),
  lastSeenAt: Nullable(DateTime),
  registeredBy: Nullable(Type.String()),
  createdAt: DateTime,
  updatedAt: DateTime,
  subscription: Nullable(SubscriptionSchema),
});
export type DeviceResponse = Static<typeof DeviceSchema>;

export const InvoiceSchema = Type.Object({
  id: Type.String(),
  orgId: Type.String(),
  number: Type.String(),
  subscriptionId: Nullable(Type.String()),
  deviceId: Nullable(Type.String()),
  periodStart: DateTime,
  periodEnd: DateTime,
  currency: Type.String(),
  lines: Type.Array(Type.Object({ description: Type.String(), quantity: Type.Number(), unitAmountMinor: Type.Integer(), amountMinor: Type.Integer() })),
  totalMinor: Type.Integer(),
  status: Type.Union([Type.Literal('issued'), Type.Literal('paid'), Type.Literal('void')]),
  issuedAt: DateTime,
});
export type InvoiceResponse = Static<typeof InvoiceSchema>;
