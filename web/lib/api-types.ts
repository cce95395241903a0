/**
 * The API's resources as the screens use them, named once so a screen imports `Project` rather
 * than spelling out a path's response type.
 */

/** Every list answers one page: `page` from 1, `perPage` at most 100, `total` across all pages. */
export interface ApiPage<T> {
  items: T[];
  page: number;
  perPage: number;
  total: number;
}

export type OrgRole = 'owner' | 'admin' | 'member' | 'viewer';

export interface OrgSummary {
  id: string;
  name: string;
  members: number;
  role: OrgRole | null;
  createdAt: string;
}

export type ProjectStatus = 'running' | 'halted';

export interface Project {
  id: string;
  orgId: string;
  name: string;
  description: string;
  status: ProjectStatus;
  customer: string;
  address: string;
  createdAt: string;
  updatedAt: string;
}

export interface ProjectStats {
  projectId: string;
  floors: number;
  floorplans: number;
  calibratedFloorplans: number;
  tracks: { total: number; imported: number; queued: number; processing: number; processed: number; failed: number };
  samples: number;
  networks: number;
  photos: number;
  contacts: number;
  members: number;
  surveyedAreaM2: number;
  coverage: { technology: string; percent: number; surveyedAreaM2: number }[];
  lastSurveyAt: string | null;
}

export interface Floor {
  id: string;
  projectId: string;
  name: string;
  level: number;
  heightM: number | null;
  floorplans: number;
  tracks: number;
  updatedAt: string;
}

export interface Notification {
  id: string;
  kind: string;
  title: string;
  body: string;
  createdAt: string;
}

export type SubscriptionState = 'active' | 'cancelling' | 'cancelled';

export interface Subscription {
  id: string;
  plan: string;
  interval: string;
  priceMinor: number;
  currency: string;
  state: SubscriptionState;
  currentPeriodEnd: string;
}

export interface Device {
  id: string;
  serial: string;
  model: string;
  name: string;
  firmwareVersion: string | null;
  status: 'active' | 'disabled';
  lastSeenAt: string | null;
  createdAt: string;
  subscription: Subscription | null;
}

export type InvoiceStatus = 'issued' | 'paid' | 'void';

export interface Invoice {
  id: string;
  number: string;
  deviceId: string | null;
  periodStart: string;
  periodEnd: string;
  currency: string;
  totalMinor: number;
  status: InvoiceStatus;
  issuedAt: string;
}
