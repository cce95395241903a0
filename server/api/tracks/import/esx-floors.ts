/**
 * An Ekahau project surveyed on several floors: each Ekahau floor plan's walks go onto the
 * project floor it is matched to — the one of the same name (case, spaces and punctuation aside),
 * or the one named in the upload's `floors` field (`{"<Ekahau floor name or id>": "<floorId>"}`).
 * Every floor is checked before anything is stored: one floor's problem refuses the whole file.
 */
import { comparableFloorName } from '../../../../shared/floor-names.js';
import type { ImportIssue } from './import-error.js';
import type { EsxFloor } from './formats/esx.js';

export interface ProjectFloor {
  id: string;
  name: string;
}

export interface FloorMatch {
  esx: EsxFloor;
  floor: ProjectFloor;
}

/** Reads the `floors` field; answers the issue when it is not a JSON object of strings. */
export function parseFloorMapping(field: string | undefined): { mapping: Record<string, string> } | { issue: ImportIssue } {
  if (field === undefined || field.trim() === '') return { mapping: {} };
  let value: unknown;
  try {
    value = JSON.parse(field);
  } catch {
    value = undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !Object.values(value).every((v) => typeof v === 'string')) {
    return { issue: { where: 'field floors', field: 'floors', message: 'expected a JSON object from Ekahau floor name to floor id, like {"Level 2": "<floorId>"}' } };
  }
  return { mapping: value as Record<string, string> };
}

/** Matches every Ekahau floor to a project floor, or answers why not, floor by floor. */
export function matchFloors(
  esxFloors: readonly EsxFloor[],
  projectFloors: readonly ProjectFloor[],
  mapping: Record<string, string>,
): { matches: FloorMatch[]; issues: ImportIssue[] } {
  const issues: ImportIssue[] = [];
  const matches: FloorMatch[] = [];
  const byId = new Map(projectFloors.map((f) => [f.id, f]));
  const listed = projectFloors.map((f) => `"${f.name}"`).join(', ') || 'none';
  for (const key of Object.keys(mapping)) {
    if (!esxFloors.some((e) => e.name === key || e.id === key)) {
      issues.push({
        where: 'field floors',
        field: 'floors',
        message: `"${key}" is not a floor of the Ekahau project (its floors: ${esxFloors.map((e) => `"${e.name}"`).join(', ')})`,
      });
    }
  }
  for (const esx of esxFloors) {
    const chosen = mapping[esx.name] ?? mapping[esx.id];
    let floor: ProjectFloor | undefined;
    if (chosen !== undefined) {
      floor = byId.get(chosen.toLowerCase());
      if (!floor) issues.push({ where: 'field floors', field: 'floors', message: `"${esx.name}" is mapped to ${chosen}, which is not a floor of this project` });
    } else {
      const same = projectFloors.filter((f) => comparableFloorName(f.name) === comparableFloorName(esx.name));
      if (same.length === 1) floor = same[0];
      else {
        issues.push({
          where: `Ekahau floor "${esx.name}"`,
          field: 'floors',
          message:
            same.length === 0
              ? `no floor of this project has this name (its floors: ${listed}): rename a floor, or send the field floors = {"${esx.name}": "<floorId>"}`
              : `${same.length} floors of this project have this name: send the field floors = {"${esx.name}": "<floorId>"} to choose one`,
        });
      }
    }
    if (!floor) continue;
    const taken = matches.find((m) => m.floor.id === floor.id);
    if (taken) {
      issues.push({
        where: `Ekahau floor "${esx.name}"`,
        field: 'floors',
        message: `goes to floor "${floor.name}", as Ekahau floor "${taken.esx.name}" does: a floor takes one Ekahau floor`,
      });
      continue;
    }
    matches.push({ esx, floor });
  }
  return { matches, issues };
}
