/** Draws a generated layout as an SVG floor plan (walls, doors as gaps, room labels, a scale bar). */
import type { SiteLayout } from './site-layout.js';

const STROKE: Record<string, number> = { exterior: 0.35, interior: 0.15, glass: 0.1 };
const COLOUR: Record<string, string> = { exterior: '#1f2933', interior: '#3e4c59', glass: '#5fa8d3' };

export function layoutSvg(layout: SiteLayout, pixelsPerMetre: number, title: string): string {
  const w = Math.round(layout.widthM * pixelsPerMetre);
  const h = Math.round(layout.heightM * pixelsPerMetre);
  const s = pixelsPerMetre;
  const walls = layout.walls
    .map(
      (wall) =>
        `<line x1="${fmt(wall.x1 * s)}" y1="${fmt(wall.y1 * s)}" x2="${fmt(wall.x2 * s)}" y2="${fmt(wall.y2 * s)}" stroke="${COLOUR[wall.kind]}" stroke-width="${fmt(STROKE[wall.kind]! * s)}" stroke-linecap="square"/>`,
    )
    .join('');
  const labels = layout.rooms
    .map(
      (room) =>
        `<text x="${fmt((room.x + room.width / 2) * s)}" y="${fmt((room.y + room.height / 2) * s)}" font-size="${fmt(0.8 * s)}" text-anchor="middle" fill="#7b8794" font-family="sans-serif">${escape(room.name)}</text>`,
    )
    .join('');
  const bar = `<g stroke="#1f2933" stroke-width="${fmt(0.1 * s)}"><line x1="${fmt(s)}" y1="${fmt(h - 0.6 * s)}" x2="${fmt(6 * s)}" y2="${fmt(h - 0.6 * s)}"/></g><text x="${fmt(3.5 * s)}" y="${fmt(h - 0.9 * s)}" font-size="${fmt(0.6 * s)}" text-anchor="middle" font-family="sans-serif">5 m</text>`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><title>${escape(title)}</title><rect width="100%" height="100%" fill="#ffffff"/><rect x="0" y="${fmt(layout.corridor.y0 * s)}" width="${w}" height="${fmt((layout.corridor.y1 - layout.corridor.y0) * s)}" fill="#f5f7fa"/>${walls}${labels}${bar}</svg>\n`;
}

function fmt(v: number): string {
  return String(Math.round(v * 100) / 100);
}

function escape(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}
