/**
 * Per technology heard in a project: its radios and names (from the names list, across every
 * processed walk) and its coverage (from the project's figures, the latest walk of each floor).
 * A technology with names but no coverage figure, or the reverse, still gets its row.
 */
import type { NamedNetwork, NetworkTechnology, ProjectStats } from '../../lib/api-types.js';

export interface TechnologySummary {
  technology: string;
  name: string;
  /** Radios or cells: a radio is counted once per name it carried. */
  radios: number;
  names: number;
  coveragePercent: number | null;
  surveyedAreaM2: number | null;
}

export function technologySummaries(
  names: readonly NamedNetwork[],
  coverage: ProjectStats['coverage'],
  technologies: readonly Pick<NetworkTechnology, 'id' | 'name'>[],
): TechnologySummary[] {
  const rows = new Map<string, TechnologySummary>();
  const row = (technology: string) => {
    let found = rows.get(technology);
    if (!found) {
      found = { technology, name: technologies.find((x) => x.id === technology)?.name ?? technology, radios: 0, names: 0, coveragePercent: null, surveyedAreaM2: null };
      rows.set(technology, found);
    }
    return found;
  };
  for (const n of names) {
    const r = row(n.technology);
    r.radios += n.networkIds;
    r.names += 1;
  }
  for (const c of coverage) {
    const r = row(c.technology);
    r.coveragePercent = c.percent;
    r.surveyedAreaM2 = c.surveyedAreaM2;
  }
  // The API's own order of technologies (Wi-Fi generations, then cellular); unknown ones last.
  const position = (id: string) => {
    const at = technologies.findIndex((x) => x.id === id);
    return at < 0 ? technologies.length : at;
  };
  return [...rows.values()].sort((a, b) => position(a.technology) - position(b.technology) || a.technology.localeCompare(b.technology));
}
