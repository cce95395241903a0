/**
 * The API's resources as the screens name them, read off the generated contract
 * (shared/api-types.ts): `Project` is whatever `GET /api/projects/{projectId}` answers.
 */
import type { paths } from '../../shared/api-types.js';

export type { ColourStop, Dataset, DatasetNetwork, DatasetPage, GridSpec, Thresholds } from '../../shared/heatmap/wire-types.js';

type JsonOf<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;
/** The 2xx answer of a call. */
type Answer<P extends keyof paths, M extends 'post' | 'put'> = paths[P][M] extends { responses: { 200: infer R } }
  ? JsonOf<R>
  : paths[P][M] extends { responses: { 201: infer R } }
    ? JsonOf<R>
    : never;
/** The 200 answer of a GET. */
type Read<P extends keyof paths> = paths[P] extends { get: { responses: { 200: infer R } } } ? JsonOf<R> : never;

type BodyOf<Op> = Op extends { requestBody?: { content: { 'application/json': infer Body } } } ? NonNullable<Body> : never;
/** The JSON body a POST or PUT takes. */
export type Write<P extends keyof paths, M extends 'post' | 'put'> = BodyOf<paths[P][M]>;

/** Every list answers one page: `page` from 1, `perPage` at most 100, `total` across all pages. */
export interface ApiPage<T> {
  items: T[];
  page: number;
  perPage: number;
  total: number;
  /** True when the API stopped counting: more than `total` items match. */
  totalIsLowerBound?: boolean;
}

export type OrgSummary = Read<'/api/orgs'>['items'][number];
export type OrgRole = NonNullable<OrgSummary['role']>;
export type Project = Read<'/api/projects/{projectId}'>;
export type ProjectStatus = Project['status'];
export type ProjectStats = Read<'/api/projects/{projectId}/stats'>;
export type NamedNetwork = Read<'/api/projects/{projectId}/statistics/networks'>['items'][number];
export type NetworkTechnology = Read<'/api/networktechnologies'>['items'][number];
export type Floor = Read<'/api/projects/{projectId}/floors'>['items'][number];
export type ProjectMember = Read<'/api/projects/{projectId}/users'>['items'][number];
export type ProjectRole = ProjectMember['role'];
/** What a person may do in a project, and the way the permission engine found in for each. */
export type ProjectAccess = Read<'/api/projects/{projectId}/users/{userId}/access'>;
export type PermissionAccess = ProjectAccess['permissions'][number];
export type AccessStep = PermissionAccess['path'][number];
export type ReadableProject = Read<'/api/admin/users/{userId}/projects'>['items'][number];
export type Contact = Read<'/api/projects/{projectId}/contacts'>['items'][number];
export type NewContact = Write<'/api/projects/{projectId}/contacts', 'post'>;
export type Notification = Read<'/api/orgs/{orgId}/notifications'>['items'][number];
export type Device = Read<'/api/orgs/{orgId}/devices'>['items'][number];
export type Subscription = NonNullable<Device['subscription']>;
export type SubscriptionState = Subscription['state'];
export type Invoice = Read<'/api/orgs/{orgId}/invoices'>['items'][number];
export type InvoiceStatus = Invoice['status'];
export type DeviceChange = Write<'/api/devices/{deviceId}', 'put'>;
export type NewSubscription = Write<'/api/devices/{deviceId}/startsubscription', 'post'>;
export type PlanCatalogue = Read<'/api/subscriptions/plans'>;
export type Plan = PlanCatalogue['plans'][number];
export type OrgMember = Read<'/api/orgs/{orgId}/users'>['items'][number];
export type Invite = Read<'/api/orgs/{orgId}/invites'>['items'][number];
export type InviteStatus = Invite['status'];
export type FirmwareRelease = Read<'/api/firmware/releases'>['items'][number];
export type User = Read<'/api/admin/users'>['items'][number];
export type GlobalRole = User['globalRole'];
export type UserState = User['state'];
export type UserChange = Write<'/api/admin/users/{userId}', 'put'>;
export type OAuth2Application = Read<'/api/admin/oauth2/applications/{clientId}'>;
export type OAuth2ApplicationInput = Write<'/api/admin/oauth2/applications', 'post'>;
export type OAuth2GrantedApplication = Read<'/api/admin/oauth2/users/{userId}/applications'>['items'][number];
export type TrustedIssuer = Read<'/api/admin/oauth2/issuers'>['items'][number];
export type TrustedIssuerInput = Write<'/api/admin/oauth2/issuers', 'post'>;
export type OAuth2SigningKey = Read<'/api/admin/oauth2/signing-keys'>['items'][number];
export type RecoveryGrant = Answer<'/api/admin/users/{userId}/recovery', 'put'>;
export type FloorDetail = Read<'/api/floors/{floorId}'>;
export type Floorplan = Read<'/api/floorplans/{floorplanId}'>;
export type Track = Read<'/api/tracks/{trackId}'>;
export type TrackStatus = Track['status'];
export type Photo = Read<'/api/floors/{floorId}/photos'>['items'][number];
export type PhotoChange = Write<'/api/photos/{photoId}', 'put'>;
export type TrackPoints = Read<'/api/tracks/{trackId}/points'>;
export type ReportingSettings = Read<'/api/projects/{projectId}/reporting/settings'>;
export type SharedProject = Read<'/api/share/{shareToken}'>;
export type SharedFloor = SharedProject['floors'][number];
/** A survey's figures as both a project's members and a share link's holder read them. */
export type SurveyStats = Read<'/api/share/{shareToken}/stats'>;
export type ShareLink = Read<'/api/projects/{projectId}/shares'>['items'][number];
export type NewShareLink = Write<'/api/projects/{projectId}/shares', 'post'>;
export type CreatedShareLink = Answer<'/api/projects/{projectId}/shares', 'post'>;
export type NetworkStatisticsPage = Read<'/api/projects/{projectId}/statistics/networkstatistics'>;
export type ChannelStatisticsPage = Read<'/api/projects/{projectId}/statistics/channels'>;
export type NamedNetworkPage = Read<'/api/projects/{projectId}/statistics/networks'>;
export type NetworkTechnologies = Read<'/api/networktechnologies'>;
