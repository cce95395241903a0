/** A user's sessions and the e-mails sent to them, as the administration's user page reads them. */
import { Type } from 'typebox';
import { Nullable } from '../http/response-schemas.js';

const Time = Nullable(Type.String({ format: 'date-time' }));

export const UserSessionSchema = Type.Object({
  id: Type.String(),
  active: Type.Boolean(),
  authenticatedAt: Time,
  issuedAt: Time,
  expiresAt: Time,
  aal: Nullable(Type.String({ description: 'Authenticator assurance level: aal1 one factor, aal2 two' })),
  methods: Type.Array(Type.String(), { description: 'How the session was authenticated: password, totp, code_recovery …' }),
  devices: Type.Array(Type.Object({ ipAddress: Nullable(Type.String()), userAgent: Nullable(Type.String()), location: Nullable(Type.String()) })),
});

export const UserSessionsSchema = Type.Object({
  items: Type.Array(UserSessionSchema, { description: 'The newest sessions first, active or ended' }),
});

export const SentMessageSchema = Type.Object({
  id: Type.String(),
  subject: Type.String(),
  templateType: Type.String({ description: 'recovery_code_valid, verification_code_valid, …' }),
  status: Type.Enum(['queued', 'processing', 'sent', 'abandoned']),
  sendCount: Type.Integer({ description: 'Delivery attempts so far' }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});

export const SentMessagesSchema = Type.Object({
  items: Type.Array(SentMessageSchema),
  nextPageToken: Nullable(Type.String({ description: 'Pass as pageToken for the next, older page; null on the last page' })),
});
