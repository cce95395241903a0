/**
 * A floor's network table (each radio heard: SSID, BSSID, band, channel, signal, coverage) and
 * channel table (networks and overlap per channel), from the statistics store: the same figures
 * as the project's statistics screen, narrowed to the floor.
 */
import type { Queryable } from '../../db/database.js';
import { channelStatistics, networkStatistics } from '../statistics/store.js';
import { technology } from '../survey/technologies.js';
import type { Page, PageArgs } from '../http/list-query.js';
import { CONTENT_WIDTH, INK, MUTED, PAGE, type ReportDocument } from './report-document.js';
import { drawTable, type Cell, type Column } from './table.js';
import type { ReportTexts } from './texts.js';

const PER_PAGE = 500;

async function* everything<T>(read: (page: PageArgs) => Promise<Page<T>>): AsyncGenerator<T> {
  for (let page = 1; ; page++) {
    const answer = await read({ page, perPage: PER_PAGE });
    yield* answer.items;
    if (page * PER_PAGE >= answer.total) return;
  }
}

function heading(rd: ReportDocument, text: string): void {
  rd.ensure(90);
  rd.doc.font('bold').fontSize(13).fillColor(INK).text(text, PAGE.margin, rd.doc.y, { width: CONTENT_WIDTH });
  rd.doc.moveDown(0.4);
}

function note(rd: ReportDocument, text: string): void {
  rd.doc.font('regular').fontSize(9.5).fillColor(MUTED).text(text, PAGE.margin, rd.doc.y, { width: CONTENT_WIDTH });
}

export async function drawNetworkTable(
  rd: ReportDocument,
  texts: ReportTexts,
  db: Queryable,
  scope: { projectId: string; floorId: string; floorName: string; networks: Set<string> | null },
): Promise<void> {
  const rows: Cell[][] = [];
  for await (const n of everything((page) => networkStatistics(db, scope.projectId, { floorId: scope.floorId }, 'name', page))) {
    if (scope.networks && !scope.networks.has(n.name)) continue;
    rows.push([
      n.name === '' ? { text: texts.t('networks.hidden'), colour: MUTED } : n.name,
      n.networkId,
      n.band,
      texts.number(n.channel),
      texts.number(n.minSignalDbm),
      texts.number(n.meanSignalDbm, 1),
      texts.number(n.maxSignalDbm),
      texts.percent(n.coveragePercent),
    ]);
  }
  rd.doc.addPage();
  heading(rd, texts.t('networks.title', { floor: scope.floorName }));
  if (rows.length === 0) return note(rd, texts.t('networks.none'));
  const signal = texts.t('networks.signal');
  const columns: Column[] = [
    { title: texts.t('networks.ssid'), width: 112 },
    { title: texts.t('networks.bssid'), width: 88 },
    { title: texts.t('networks.band'), width: 45 },
    { title: texts.t('networks.channel'), width: 45, align: 'right' },
    { title: `${texts.t('networks.min')}\n${signal}`, width: 52, align: 'right' },
    { title: `${texts.t('networks.mean')}\n${signal}`, width: 52, align: 'right' },
    { title: `${texts.t('networks.max')}\n${signal}`, width: 52, align: 'right' },
    { title: texts.t('networks.coverage'), width: CONTENT_WIDTH - 446, align: 'right' },
  ];
  drawTable(rd, columns, rows);
}

export async function drawChannelTable(rd: ReportDocument, texts: ReportTexts, db: Queryable, scope: { projectId: string; floorId: string; floorName: string }): Promise<void> {
  const rows: Cell[][] = [];
  for await (const c of everything((page) => channelStatistics(db, scope.projectId, { floorId: scope.floorId }, page))) {
    rows.push([
      technology(c.technology)?.name ?? c.technology,
      c.band,
      texts.number(c.channel),
      texts.number(c.networks),
      texts.measure(c.meanSignalDbm, 'dBm', 1),
      texts.measure(c.maxSignalDbm, 'dBm'),
      texts.number(c.maxOverlap),
      texts.number(c.meanOverlap, 1),
    ]);
  }
  rd.doc.moveDown(1.5);
  heading(rd, texts.t('channels.title', { floor: scope.floorName }));
  if (rows.length === 0) return note(rd, texts.t('channels.none'));
  const w = CONTENT_WIDTH / 8;
  drawTable(
    rd,
    [
      { title: texts.t('channels.technology'), width: w },
      { title: texts.t('channels.band'), width: w },
      { title: texts.t('channels.channel'), width: w, align: 'right' },
      { title: texts.t('channels.networks'), width: w, align: 'right' },
      { title: texts.t('channels.mean'), width: w, align: 'right' },
      { title: texts.t('channels.max'), width: w, align: 'right' },
      { title: texts.t('channels.maxOverlap'), width: w, align: 'right' },
      { title: texts.t('channels.meanOverlap'), width: w, align: 'right' },
    ],
    rows,
  );
}
