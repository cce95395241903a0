/**
 * The floors an Ekahau project was surveyed on, read from the chosen file in the browser, and the
 * match the import dialog proposes: each onto the project floor of the same name (the API's own
 * rule), else left for the user to choose. The API checks the match again when the file arrives.
 */
import { comparableFloorName } from '../../../shared/floor-names.js';
import { readZipTexts } from '../../lib/zip-entries.js';

export interface EkahauFloor {
  id: string;
  name: string;
}

export interface ProjectFloorChoice {
  id: string;
  name: string;
}

const FLOOR_PLANS = 'floorPlans.json';
const SURVEY = /^surveys?-[^/]+\.json$/;

function listIn(text: string | undefined, key: string): Record<string, unknown>[] {
  if (text === undefined) return [];
  const doc = JSON.parse(text) as Record<string, unknown> | null;
  const list = doc?.[key];
  return Array.isArray(list) ? list.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null) : [];
}

/** The Ekahau floors that have walks, in the project's order; `null` when the file cannot be read here. */
export async function surveyedEkahauFloors(file: File): Promise<EkahauFloor[] | null> {
  const texts = await readZipTexts(file, (name) => name === FLOOR_PLANS || SURVEY.test(name));
  if (!texts) return null;
  try {
    const walked = new Set<string>();
    for (const [name, text] of texts) if (name !== FLOOR_PLANS) for (const survey of listIn(text, 'surveys')) walked.add(String(survey.floorPlanId));
    return listIn(texts.get(FLOOR_PLANS), 'floorPlans')
      .filter((plan) => walked.has(String(plan.id)))
      .map((plan) => ({ id: String(plan.id), name: String(plan.name ?? plan.id) }));
  } catch {
    return null;
  }
}

/** Ekahau floor id → project floor id, for the floors whose name only one project floor has. */
export function proposedMatch(ekahau: readonly EkahauFloor[], floors: readonly ProjectFloorChoice[]): Record<string, string | null> {
  const match: Record<string, string | null> = {};
  for (const floor of ekahau) {
    const same = floors.filter((f) => comparableFloorName(f.name) === comparableFloorName(floor.name));
    match[floor.id] = same.length === 1 ? same[0]!.id : null;
  }
  return match;
}

/** The project floors chosen more than once: each takes one Ekahau floor. */
export function doublyChosen(match: Record<string, string | null>): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const floorId of Object.values(match)) {
    if (floorId === null) continue;
    if (seen.has(floorId)) twice.add(floorId);
    seen.add(floorId);
  }
  return twice;
}
