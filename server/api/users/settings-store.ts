/** A user's own settings; a user who never saved any has the defaults. */
import type { Queryable } from '../../db/database.js';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/locales.js';
import type { UserSettings } from './settings-schema.js';

export type { UserSettings };
export type Units = UserSettings['units'];

const DEFAULTS: UserSettings = { locale: DEFAULT_LOCALE, units: 'metric', defaultOrgId: null, updatedAt: null };

interface Row {
  locale: Locale;
  units: Units;
  default_org_id: string | null;
  updated_at: Date;
}

export async function getSettings(db: Queryable, userId: string): Promise<UserSettings> {
  const r = await db.query<Row>('SELECT locale, units, default_org_id, updated_at FROM user_settings WHERE user_id = $1', [userId]);
  const row = r.rows[0];
  return row ? { locale: row.locale, units: row.units, defaultOrgId: row.default_org_id, updatedAt: row.updated_at.toISOString() } : { ...DEFAULTS };
}

export async function saveSettings(db: Queryable, userId: string, change: Partial<Omit<UserSettings, 'updatedAt'>>, now: Date): Promise<UserSettings> {
  const next = { ...(await getSettings(db, userId)), ...change };
  await db.query(
    `INSERT INTO user_settings (user_id, locale, units, default_org_id, updated_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id) DO UPDATE SET locale = EXCLUDED.locale, units = EXCLUDED.units, default_org_id = EXCLUDED.default_org_id, updated_at = EXCLUDED.updated_at`,
    [userId, next.locale, next.units, next.defaultOrgId, now],
  );
  return getSettings(db, userId);
}
