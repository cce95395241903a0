/**
 * The API's answers the heatmap is computed from, read off the generated contract, so the
 * browser's viewer and the server's report decode the same shapes.
 */
import type { paths } from '../api-types.js';

type Json<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;

export type DatasetPage = Json<paths['/api/tracks/{trackId}/datasets']['get']['responses'][200]>;
export type Dataset = DatasetPage['items'][number];
export type DatasetNetwork = NonNullable<Dataset['network']>;
export type GridSpec = DatasetPage['grid'];
export type Thresholds = Json<paths['/api/projects/{projectId}/reporting/settings']['get']['responses'][200]>['settings'][string];
export type ColourStop = Thresholds['colourScale'][number];
