/**
 * The report's heatmap lands on the plan where the viewer puts it: the grid from the plan's
 * top-left corner, a cell cellSizeM / metresPerPixel plan pixels wide, through the display
 * image's own scale; nothing painted where nothing was measured.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ViewResult } from '../../../../shared/heatmap/views.js';
import { heatmapImage } from '../../../../server/api/reports/heatmap-raster.js';

describe('report heatmap raster', () => {
  it('puts each cell over its place on the plan, scaled through the display image', async () => {
    // The uploaded plan is 400 px wide, its display image 200: one display pixel is two plan pixels.
    const display = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const plan = { width: 400, display_width: 200, display_height: 100 };
    // 1 m cells at 0.1 m per plan pixel: 10 plan px, 5 display px, 10 px in a 400 px wide raster.
    const grid = { cellSizeM: 1, metresPerPixel: 0.1, cols: 41, rows: 21 };
    const values = new Float32Array(grid.cols * grid.rows).fill(Number.NaN);
    values[2 * grid.cols + 3] = 1;
    values[grid.cols * grid.rows - 1] = 1;
    const view: ViewResult = { values, bands: [{ from: 0, colour: '#0000ff' }], unit: 'count', threshold: null, meets: null, hasData: true, layer: 'measured' };
    const image = await heatmapImage(display, plan, grid, view, 400, 400);
    expect([image.width, image.height]).toEqual([400, 200]);
    expect(image.perPlanPixel).toBeCloseTo(1, 9);
    const { data, info } = await sharp(image.jpeg).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3));
    // Inside cell (3, 2): blue at the viewer's 70 % opacity over white.
    const [r, g, b] = pixel(35, 25);
    expect(b).toBeGreaterThan(230);
    expect(r).toBeLessThan(110);
    expect(g).toBeLessThan(110);
    // Its neighbours, unmeasured, leave the plan as it is.
    for (const [x, y] of [
      [25, 25],
      [45, 25],
      [35, 15],
      [35, 35],
    ] as const) {
      expect(Math.min(...pixel(x, y))).toBeGreaterThan(240);
    }
    // The last cell lies past the plan's edge and is cut off rather than squeezed in.
    expect(Math.min(...pixel(395, 195))).toBeGreaterThan(240);
  });
});
