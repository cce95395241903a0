import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { layoutSvg } from '../../../../server/api/demo/floorplan-svg.js';
import { generateLayout, wallLossDb } from '../../../../server/api/demo/site-layout.js';
import { sniffFloorplanType } from '../../../../server/api/floorplans/image-type.js';
import { FloorplanImageError, renderFloorplan } from '../../../../server/api/floorplans/render.js';
import { renderPdfFirstPage } from '../../../../server/api/floorplans/render-pdf.js';
import { pdfFixture } from './pdf-fixture.js';

const svg = Buffer.from(layoutSvg(generateLayout(1), 20, 'Ground floor'), 'utf8');

describe('floor plan images', () => {
  it('recognises PNG, JPEG, SVG and PDF by content', async () => {
    const png = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const jpeg = await sharp(png).jpeg().toBuffer();
    expect(sniffFloorplanType(png)).toBe('png');
    expect(sniffFloorplanType(jpeg)).toBe('jpeg');
    expect(sniffFloorplanType(svg)).toBe('svg');
    expect(sniffFloorplanType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('svg');
    expect(sniffFloorplanType(Buffer.from('%PDF-1.7\n'))).toBe('pdf');
    expect(sniffFloorplanType(Buffer.from('GIF89a'))).toBeUndefined();
    expect(sniffFloorplanType(Buffer.from('<html><svg></svg></html>'))).toBeUndefined();
  });

  it('renders a generated SVG plan at its pixel size, with a PNG for display', async () => {
    const out = await renderFloorplan(svg, 'svg');
    expect([out.width, out.height]).toEqual([800, 480]);
    expect(sniffFloorplanType(out.display)).toBe('png');
    const meta = await sharp(out.display).metadata();
    expect([meta.width, meta.height]).toEqual([800, 480]);
    // Walls are drawn: the top-left corner is dark (exterior wall), the corridor light.
    const { data, info } = await sharp(out.display).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]!).toBeLessThan(100);
    expect(data[(240 * info.width + 400) * info.channels]!).toBeGreaterThan(200);
  });

  it('takes the size of a JPEG as seen after EXIF orientation, and bounds the display image', async () => {
    const wide = await sharp({ create: { width: 5000, height: 100, channels: 3, background: '#abc' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const out = await renderFloorplan(wide, 'jpeg');
    expect([out.width, out.height]).toEqual([100, 5000]);
    expect([out.displayWidth, out.displayHeight]).toEqual([82, 4096]);
  });

  it('refuses broken images with 400', async () => {
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('nonsense')]);
    await expect(renderFloorplan(broken, 'png')).rejects.toMatchObject({ name: 'FloorplanImageError', status: 400 });
  });

  it("draws a PDF's first page 4096 pixels on its longest side, as a PNG would be", async () => {
    // A4 portrait in points; the rectangle's lower left corner is 100 pt from the left and bottom.
    const pdf = pdfFixture({ widthPt: 595, heightPt: 842, rect: { x: 100, y: 100, w: 200, h: 100, rgb: [0, 0, 1] } });
    const out = await renderFloorplan(pdf, 'pdf');
    expect([out.width, out.height]).toEqual([2894, 4096]);
    expect([out.displayWidth, out.displayHeight]).toEqual([2894, 4096]);
    expect(sniffFloorplanType(out.display)).toBe('png');
    const { data, info } = await sharp(out.display).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const px = (xPt: number, yPt: number) => {
      const scale = 4096 / 842;
      const i = (Math.round((842 - yPt) * scale) * info.width + Math.round(xPt * scale)) * info.channels;
      return [data[i], data[i + 1], data[i + 2]];
    };
    expect(px(200, 150)).toEqual([0, 0, 255]);
    expect(px(400, 400)).toEqual([255, 255, 255]);
    expect(px(300, 822)).toEqual([0, 0, 0]);
  });

  it('refuses a PDF that needs a password, has no pages or is broken, with 400 and the reason', async () => {
    const reason = (bytes: Buffer) =>
      renderFloorplan(bytes, 'pdf').then(
        () => undefined,
        (err: unknown) => err,
      );
    const good = pdfFixture();
    const cases: [Buffer, RegExp][] = [
      [pdfFixture({ password: true }), /protected by a password/],
      [pdfFixture({ noPages: true }), /no pages/],
      [good.subarray(0, good.length / 2), /not a readable PDF/],
      [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'), /not a readable PDF/],
    ];
    for (const [bytes, message] of cases) {
      const err = await reason(bytes);
      expect(err).toBeInstanceOf(FloorplanImageError);
      expect(err).toMatchObject({ status: 400, message: expect.stringMatching(message) });
    }
  });

  it('stops drawing a PDF at the time limit', async () => {
    const err = await renderPdfFirstPage(pdfFixture(), 1).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FloorplanImageError);
    expect(err).toMatchObject({ status: 400, message: expect.stringMatching(/could not be rendered within/) });
    // The renderer is free again afterwards.
    expect((await renderPdfFirstPage(pdfFixture())).subarray(1, 4).toString()).toBe('PNG');
  });

  it('generates the same layout for the same seed, with walls that attenuate', () => {
    const a = generateLayout(42);
    expect(generateLayout(42)).toEqual(a);
    expect(generateLayout(43)).not.toEqual(a);
    // Across the exterior wall and along the corridor.
    const mid = (a.corridor.y0 + a.corridor.y1) / 2;
    expect(wallLossDb(a, -1, mid, 1, mid)).toBe(12);
    expect(wallLossDb(a, 1, mid, a.widthM - 1, mid)).toBe(0);
    expect(wallLossDb(a, 1, mid, 1, 1)).toBeGreaterThanOrEqual(2);
  });
});
