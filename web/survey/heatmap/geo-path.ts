/** A d3-contour MultiPolygon as SVG path data, in the grid's own units (d3-geo would project it; here nothing needs projecting). */
import type { ContourMultiPolygon } from 'd3-contour';

export function geoPath(shape: ContourMultiPolygon): string {
  let d = '';
  for (const polygon of shape.coordinates) {
    for (const ring of polygon) {
      ring.forEach(([x, y], i) => {
        d += `${i === 0 ? 'M' : 'L'}${x},${y}`;
      });
      d += 'Z';
    }
  }
  return d;
}
