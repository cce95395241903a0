/**
 * Placing a walk: the user clicks on the floor plan where the walk went — where each stop was, or
 * the route's turning points while replaying its time line — and those timed points become the
 * track's walked path. Every sample is put on it by time, as a file's path points place samples
 * without a position (import/walked-path.ts), the track is marked placed and queued for
 * processing. The same replaces the positions of a walk that was placed wrongly.
 */
import { Type, type Static } from 'typebox';
import type { Database } from '../../db/database.js';
import { ApiError } from '../http/api-error.js';
import { decodeSampleTable, encodeSampleTable } from './import/sample-table.js';
import { WalkedPath } from './import/walked-path.js';
import { getTrackRow, loadSamples, toTrack, type Track } from './store.js';

/** More clicks than anybody makes on one walk, and within the API's 1 MiB JSON body. */
export const MAX_PLACED_POINTS = 10_000;

export const PositionsBody = Type.Object(
  {
    points: Type.Array(
      Type.Object(
        {
          time: Type.Number({ description: "Seconds, on the track's clock (startTime to endTime)." }),
          x: Type.Number({ description: 'Floor-plan pixels.' }),
          y: Type.Number(),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: MAX_PLACED_POINTS, description: 'Where the surveyor was when: each stop, or each turning point of the route.' },
    ),
  },
  { additionalProperties: false },
);
export type PositionsBody = Static<typeof PositionsBody>;

/** Undefined when there is no such track. */
export async function placeTrack(db: Database, trackId: string, body: PositionsBody, now: Date): Promise<Track | undefined> {
  return db.transaction(async (tx) => {
    const track = await getTrackRow(tx, trackId, true);
    if (!track) return undefined;
    const plan = (await tx.query<{ width: number; height: number }>('SELECT width, height FROM floorplans WHERE id = $1', [track.floorplan_id])).rows[0]!;
    const issues = body.points.flatMap((p, i) => [
      ...(p.x < 0 || p.x > plan.width ? [`points[${i}].x: ${p.x} is outside 0 to ${plan.width}`] : []),
      ...(p.y < 0 || p.y > plan.height ? [`points[${i}].y: ${p.y} is outside 0 to ${plan.height}`] : []),
    ]);
    if (issues.length > 0) throw new ApiError(400, `${issues[0]}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''}`);
    const data = await loadSamples(tx, trackId);
    if (!data) throw new ApiError(409, 'The samples of this track are missing: import it again');
    const samples = decodeSampleTable(data);
    const path = new WalkedPath(body.points);
    const at = { x: 0, y: 0 };
    for (let i = 0; i < samples.count; i++) {
      path.positionAt(samples.time[i]!, at);
      samples.x[i] = at.x;
      samples.y[i] = at.y;
    }
    await tx.query('UPDATE track_samples SET data = $2 WHERE track_id = $1', [trackId, encodeSampleTable(samples)]);
    await tx.query(`UPDATE tracks SET placed = true, path_points = $2, status = 'queued', queued_at = $3, failure_reason = NULL, updated_at = $3 WHERE id = $1`, [
      trackId,
      path.length,
      now,
    ]);
    return toTrack((await getTrackRow(tx, trackId))!);
  });
}
