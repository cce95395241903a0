/**
 * Invitations on the wire: an invitation as its organisation lists it, and what its link's check
 * tells whoever holds the link (no more than the invitation's own organisation, role and address).
 */
import { Type, type Static } from 'typebox';
import { DateTime, Nullable } from '../http/response-schemas.js';
import { ORG_ROLES } from '../permissions/roles.js';

export const INVITE_STATUSES = ['pending', 'accepted', 'declined', 'expired', 'cancelled', 'removed'] as const;

export const InviteSchema = Type.Object({
  id: Type.String(),
  orgId: Type.String(),
  email: Type.String(),
  role: Type.Enum(ORG_ROLES),
  status: Type.Enum(INVITE_STATUSES),
  invitedBy: Nullable(Type.String()),
  acceptedBy: Nullable(Type.String()),
  createdAt: DateTime,
  expiresAt: DateTime,
  updatedAt: DateTime,
});
export type Invite = Static<typeof InviteSchema>;

export const InvitationCheckSchema = Type.Object({
  valid: Type.Boolean(),
  status: Type.Enum(INVITE_STATUSES),
  email: Type.String(),
  role: Type.Enum(ORG_ROLES),
  orgId: Type.String(),
  orgName: Type.String(),
  invitedBy: Nullable(Type.String()),
  expiresAt: DateTime,
  accountExists: Nullable(Type.Boolean({ description: 'Whether the address has an account (sign in to join) or not (register); null when the invitation is no longer valid' })),
});
