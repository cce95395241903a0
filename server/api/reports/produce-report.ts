/**
 * Writes a project's report into its document, page by page, in bounded memory: one walk's grids
 * and one raster at a time, each page flushed to the reader before the next is made, and a wait
 * whenever the reader falls behind. Two passes over the walks: the first only counts cells for
 * the summary (which comes before the heatmaps), the second draws.
 */
import type { Readable } from 'node:stream';
import { computeView } from '../../../shared/heatmap/views.js';
import type { TrackLayers } from '../../../shared/heatmap/track-layers.js';
import type { Project } from '../projects/store.js';
import { getReportingSettings } from '../reporting/store.js';
import type { SurveyContext } from '../survey/context.js';
import { logoKey } from '../orgs/logo.js';
import { technology } from '../survey/technologies.js';
import { drawCover } from './cover.js';
import { drawHeatmapHeading, drawHeatmapPage, heatmapBox } from './heatmap-page.js';
import { heatmapImage } from './heatmap-raster.js';
import { drawChannelTable, drawNetworkTable } from './network-tables.js';
import { drawPhotos } from './photos-section.js';
import { readBlob } from './read-blob.js';
import { organisationName, photoPlan, planOf, processedWalks, surveyors, type Walk } from './report-data.js';
import { INK, MUTED, PAGE, CONTENT_WIDTH, type ReportDocument } from './report-document.js';
import type { ReportOptions } from './report-options.js';
import { addWalk, emptyTally, filterFor, type Tally } from './requirement-shares.js';
import { drawSummary } from './summary.js';
import type { ReportTexts } from './texts.js';
import { walkLayers } from './walk-layers.js';

/** Bytes the document may hold for a slow reader before drawing waits. */
const HIGH_WATER = 4 * 1024 * 1024;

/** Resolves once the reader has taken enough (or gone away). */
async function readerCaughtUp(stream: Readable): Promise<void> {
  while (stream.readableLength > HIGH_WATER && !stream.destroyed) {
    await new Promise<void>((resolve) => {
      const done = () => {
        stream.off('data', done);
        stream.off('close', done);
        resolve();
      };
      stream.once('data', done);
      stream.once('close', done);
    });
  }
}

/** The technology most networks of the report's walks belong to: the one its requirements are about. */
async function mainTechnology(ctx: SurveyContext, floorIds: string[]): Promise<string> {
  const r = await ctx.db.query<{ technology: string }>(
    `SELECT n.technology FROM track_networks n JOIN tracks t ON t.id = n.track_id
      WHERE t.floor_id = ANY($1) AND t.status = 'processed' GROUP BY n.technology ORDER BY count(*) DESC, n.technology LIMIT 1`,
    [floorIds],
  );
  return r.rows[0]?.technology ?? 'wifi6';
}

export async function produceReport(ctx: SurveyContext, rd: ReportDocument, texts: ReportTexts, project: Project, options: ReportOptions, cancelled: () => boolean): Promise<void> {
  const { doc } = rd;
  const floorIds = options.floors.map((f) => f.id);
  const walks = new Map<string, Walk[]>();
  for (const floor of options.floors) walks.set(floor.id, await processedWalks(ctx.db, floor.id));
  const main = await mainTechnology(ctx, floorIds);
  const thresholds = (await getReportingSettings(ctx.db, project.id)).settings[main]!;

  drawCover(rd, texts, {
    project: project.name,
    customer: project.customer,
    address: project.address,
    date: ctx.now(),
    surveyors: await surveyors(ctx.db, project.id, floorIds),
    organisation: await organisationName(ctx.db, project),
    floors: options.floors.length,
    walks: [...walks.values()].reduce((n, w) => n + w.length, 0),
    logo: await readBlob(ctx.blobs, logoKey(project.orgId)),
  });

  const tallies: { name: string; tally: Tally | null }[] = [];
  for (const floor of options.floors) {
    const floorWalks = walks.get(floor.id)!;
    if (floorWalks.length === 0) {
      tallies.push({ name: floor.name, tally: null });
      continue;
    }
    const tally = emptyTally();
    for (const walk of floorWalks) {
      if (cancelled()) return;
      addWalk(tally, await walkLayers(ctx.db, walk), main, thresholds);
    }
    tallies.push({ name: floor.name, tally });
  }
  const radii = [...walks.values()].flat().map((walk) => walk.result.method.radiusM);
  drawSummary(rd, texts, technology(main)?.name ?? main, thresholds, tallies, radii);
  await readerCaughtUp(doc);

  const box = heatmapBox();
  for (const floor of options.floors) {
    for (const walk of walks.get(floor.id)!) {
      if (cancelled()) return;
      const layers: TrackLayers = await walkLayers(ctx.db, walk);
      const plan = await planOf(ctx.db, walk.floorplanId);
      const display = plan ? await readBlob(ctx.blobs, plan.display_key) : undefined;
      for (const viewId of options.views) {
        if (cancelled()) return;
        const title = texts.t('heatmap.title', { floor: floor.name, walk: walk.name });
        const viewTitle = texts.t(`heatmap.views.${viewId}`);
        if (!plan || !display) {
          drawHeatmapHeading(rd, { title, viewTitle });
          doc.font('regular').fontSize(10).fillColor(MUTED).text(texts.t('heatmap.noPlan'), PAGE.margin, doc.y, { width: CONTENT_WIDTH });
          continue;
        }
        const view = computeView(viewId, layers, filterFor(main), thresholds, 'project');
        const image = await heatmapImage(display, plan, layers.grid, view, box.width, box.height);
        drawHeatmapPage(rd, texts, { title, viewTitle, view, grid: layers.grid, calibrated: layers.calibrated }, image);
        await readerCaughtUp(doc);
      }
    }
    if (walks.get(floor.id)!.length === 0) {
      doc.addPage();
      doc
        .font('bold')
        .fontSize(13)
        .fillColor(INK)
        .text(texts.t('floorNoWalks', { floor: floor.name }), PAGE.margin, doc.y, { width: CONTENT_WIDTH });
    } else {
      await drawNetworkTable(rd, texts, ctx.db, { projectId: project.id, floorId: floor.id, floorName: floor.name, networks: options.networks });
      await drawChannelTable(rd, texts, ctx.db, { projectId: project.id, floorId: floor.id, floorName: floor.name });
      await readerCaughtUp(doc);
    }
    await drawPhotos(rd, texts, ctx.db, ctx.blobs, floor, await photoPlan(ctx.db, floor.id));
    await readerCaughtUp(doc);
  }
}
