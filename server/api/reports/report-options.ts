/**
 * What a report covers, from the query: floors (ids of this project), heatmap views, the network
 * names the network tables keep and the language. A bad option is a 400 that names it.
 */
import { Type, type Static } from 'typebox';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../../shared/locales.js';
import { VIEW_IDS, type ViewId } from '../../../shared/heatmap/views.js';
import type { Queryable } from '../../db/database.js';
import { badRequest } from '../http/api-error.js';
import { UUID } from '../../../shared/uuid.js';

/** Every view but the per-network one: a report cannot hold a page per network per walk. */
export const REPORT_VIEWS = VIEW_IDS.filter((v): v is Exclude<ViewId, 'network'> => v !== 'network');
export type ReportView = (typeof REPORT_VIEWS)[number];
export const DEFAULT_VIEWS: readonly ReportView[] = ['primary', 'snr', 'requirements'];

export const ReportQuery = Type.Object(
  {
    floors: Type.Optional(Type.String({ maxLength: 4000, description: 'Comma-separated floor ids of the project; default: every floor.' })),
    views: Type.Optional(Type.String({ maxLength: 200, description: `Comma-separated heatmap views, of ${REPORT_VIEWS.join(', ')}; default: ${DEFAULT_VIEWS.join(',')}.` })),
    // Repeated rather than comma-separated: a network's name may hold a comma.
    networks: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
        maxItems: 500,
        description: 'A network name (SSID) the network tables keep, repeated for each; default: every network.',
      }),
    ),
    lang: Type.Optional(Type.Enum(LOCALES, { type: 'string', description: `The report's language; default ${DEFAULT_LOCALE}.` })),
  },
  { additionalProperties: false },
);
export type ReportQuery = Static<typeof ReportQuery>;

export interface Floor {
  id: string;
  name: string;
  level: number;
}

export interface ReportOptions {
  floors: Floor[];
  views: ReportView[];
  /** Null: every network. */
  networks: Set<string> | null;
  locale: Locale;
}

function list(value: string | undefined): string[] {
  return [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    ),
  ];
}

export async function reportOptions(db: Queryable, projectId: string, query: ReportQuery): Promise<ReportOptions> {
  const all = (await db.query<Floor>('SELECT id, name, level FROM floors WHERE project_id = $1 ORDER BY level, lower(name), id', [projectId])).rows;
  const asked = list(query.floors);
  for (const id of asked) {
    if (!UUID.test(id) || !all.some((f) => f.id === id.toLowerCase())) throw badRequest(`floors: this project has no floor ${id}`, { field: 'floors' });
  }
  const chosen = new Set(asked.map((id) => id.toLowerCase()));
  const views = list(query.views);
  for (const v of views) {
    if (!(REPORT_VIEWS as readonly string[]).includes(v)) throw badRequest(`views: unknown view ${v} (one of ${REPORT_VIEWS.join(', ')})`, { field: 'views' });
  }
  const networks = [...new Set(query.networks ?? [])];
  if (networks.length > 0) {
    const known = new Set(
      (
        await db.query<{ name: string }>(
          `SELECT DISTINCT n.name FROM track_networks n JOIN tracks t ON t.id = n.track_id JOIN floors fl ON fl.id = t.floor_id WHERE fl.project_id = $1 AND n.name = ANY($2)`,
          [projectId, networks],
        )
      ).rows.map((r) => r.name),
    );
    const unknown = networks.find((n) => !known.has(n));
    if (unknown !== undefined) throw badRequest(`networks: no network named ${unknown} was heard in this project`, { field: 'networks' });
  }
  return {
    floors: chosen.size === 0 ? all : all.filter((f) => chosen.has(f.id)),
    views: views.length === 0 ? [...DEFAULT_VIEWS] : (views as ReportView[]),
    networks: networks.length === 0 ? null : new Set(networks),
    locale: query.lang ?? DEFAULT_LOCALE,
  };
}
