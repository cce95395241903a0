/** Devices of organisations, each with its latest subscription, in the API schema. */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { likePattern, limitOffset, type Page, type PageArgs } from '../http/list-query.js';
import { toSubscription, type Subscription, type SubscriptionRow } from '../subscriptions/store.js';
import type { DeviceSubscriptionState } from '../subscriptions/transitions.js';

export const DEVICE_STATUSES = ['active', 'disabled'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

export interface Device {
  id: string;
  orgId: string;
  serial: string;
  model: string;
  name: string;
  firmwareVersion: string | null;
  status: DeviceStatus;
  /** Last upload with the device's token. */
  lastSeenAt: string | null;
  registeredBy: string | null;
  createdAt: string;
  updatedAt: string;
  /** The latest subscription, running or ended; null when there never was one. */
  subscription: Subscription | null;
}

export interface DeviceRow {
  id: string;
  org_id: string;
  serial: string;
  model: string;
  name: string;
  firmware_version: string | null;
  status: DeviceStatus;
  last_seen_at: Date | null;
  registered_by: string | null;
  created_at: Date;
  updated_at: Date;
}

/** Device columns plus the latest subscription's, prefixed `s_`. */
const SELECT = `
  SELECT d.*, s.id AS s_id, s.device_id AS s_device_id, s.org_id AS s_org_id, s.plan AS s_plan, s.interval AS s_interval,
         s.price_minor AS s_price_minor, s.currency AS s_currency, s.state AS s_state, s.started_at AS s_started_at,
         s.current_period_start AS s_current_period_start, s.current_period_end AS s_current_period_end,
         s.cancelled_at AS s_cancelled_at, s.ended_at AS s_ended_at
    FROM devices d
    LEFT JOIN LATERAL (SELECT * FROM subscriptions x WHERE x.device_id = d.id ORDER BY x.started_at DESC, x.id DESC LIMIT 1) s ON true`;

type JoinedRow = DeviceRow & { [K in keyof SubscriptionRow as `s_${K}`]: SubscriptionRow[K] | null };

function toDevice(r: JoinedRow): Device {
  let subscription: Subscription | null = null;
  if (r.s_id) {
    const sub = Object.fromEntries(
      Object.entries(r)
        .filter(([k]) => k.startsWith('s_'))
        .map(([k, v]) => [k.slice(2), v]),
    ) as unknown as SubscriptionRow;
    subscription = toSubscription(sub);
  }
  return {
    id: r.id,
    orgId: r.org_id,
    serial: r.serial,
    model: r.model,
    name: r.name,
    firmwareVersion: r.firmware_version,
    status: r.status,
    lastSeenAt: r.last_seen_at?.toISOString() ?? null,
    registeredBy: r.registered_by,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    subscription,
  };
}

export async function getDevice(db: Queryable, id: string): Promise<Device | undefined> {
  const r = await db.query<JoinedRow>(`${SELECT} WHERE d.id = $1`, [id]);
  return r.rows[0] && toDevice(r.rows[0]);
}

/** The device row alone, locked for a change. */
export async function lockDeviceRow(tx: Queryable, id: string): Promise<DeviceRow | undefined> {
  const r = await tx.query<DeviceRow>('SELECT * FROM devices WHERE id = $1 FOR UPDATE', [id]);
  return r.rows[0];
}

export interface DeviceFilter {
  /** Part of the name or serial, any case. */
  q?: string;
  model?: string;
  status?: DeviceStatus;
  subscription?: DeviceSubscriptionState;
  sort?: 'name' | 'serial' | 'created';
}

const ORDER: Record<NonNullable<DeviceFilter['sort']>, string> = {
  name: 'lower(name), serial, id',
  serial: 'serial, id',
  created: 'created_at DESC, id',
};

export async function listDevices(db: Queryable, orgId: string, filter: DeviceFilter, args: PageArgs): Promise<Page<Device>> {
  const params: unknown[] = [orgId];
  const where = ['d.org_id = $1'];
  if (filter.q) {
    const p = `$${params.push(likePattern(filter.q))}`;
    where.push(`(d.name ILIKE ${p} OR d.serial ILIKE ${p})`);
  }
  if (filter.model) where.push(`d.model = $${params.push(filter.model)}`);
  if (filter.status) where.push(`d.status = $${params.push(filter.status)}`);
  if (filter.subscription === 'none') where.push(`(s.id IS NULL OR s.state = 'cancelled')`);
  else if (filter.subscription) where.push(`s.state = $${params.push(filter.subscription)}`);
  const from = `FROM (${SELECT} WHERE ${where.join(' AND ')}) d`;
  // Counting needs each device's latest subscription only when the filter names its state.
  const counted = filter.subscription ? from : `FROM devices d WHERE ${where.join(' AND ')}`;
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${counted}`, params);
  const rows = await db.query<JoinedRow>(`SELECT * ${from} ORDER BY ${ORDER[filter.sort ?? 'created']} ${limitOffset(args, params)}`, params);
  return { items: rows.rows.map(toDevice), ...args, total: total.rows[0]!.n };
}

export interface NewDevice {
  orgId: string;
  serial: string;
  model: string;
  name: string;
  /** Null for devices the installation put there itself (the demo's). */
  registeredBy: string | null;
}

export async function insertDevice(tx: Queryable, d: NewDevice, now: Date): Promise<string> {
  const id = randomUUID();
  await tx.query(`INSERT INTO devices (id, org_id, serial, model, name, registered_by, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`, [
    id,
    d.orgId,
    d.serial,
    d.model,
    d.name,
    d.registeredBy,
    now,
  ]);
  return id;
}

export interface DeviceChange {
  name?: string;
  status?: DeviceStatus;
  firmwareVersion?: string | null;
}

export async function updateDevice(tx: Queryable, id: string, change: DeviceChange, now: Date): Promise<void> {
  const params: unknown[] = [id, now];
  const sets = ['updated_at = $2'];
  if (change.name !== undefined) sets.push(`name = $${params.push(change.name)}`);
  if (change.status !== undefined) sets.push(`status = $${params.push(change.status)}`);
  if (change.firmwareVersion !== undefined) sets.push(`firmware_version = $${params.push(change.firmwareVersion)}`);
  await tx.query(`UPDATE devices SET ${sets.join(', ')} WHERE id = $1`, params);
}
