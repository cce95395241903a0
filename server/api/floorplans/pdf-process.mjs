// @ts-check
/**
 * The child process that draws the first page of one PDF into a PNG (see render-pdf.ts): pdf.js,
 * with @napi-rs/canvas as its canvas. It receives the file's bytes, answers with the PNG or the
 * reason the file was refused, and exits, so nothing of a document outlives its request.
 *
 * JavaScript, not TypeScript, so that the same file runs unchanged from source and compiled,
 * without a TypeScript loader in the child (which would take seconds to start it).
 *
 * Uploads are untrusted, so pdf.js is held to what a raster needs: no evaluated code for PDF
 * functions, no font loading (glyphs are drawn as paths), no system fonts, no XFA, and the
 * standard fonts, character maps, colour profiles and image decoders read from the package on
 * disk, never fetched. Only page 1 is parsed.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The raster's longest side: as much detail as a display image holds (MAX_DISPLAY_SIDE). */
const PDF_RASTER_SIDE = 4096;
/** Embedded images above this many pixels are left out rather than decoded (A0 at 300 dpi is 70). */
const MAX_EMBEDDED_IMAGE_PIXELS = 100_000_000;

/** @typedef {import("./pdf-process-answer.js").PdfProcessAnswer} PdfProcessAnswer */

/** A PDF this renderer will not draw; the message is the reason its uploader is told. */
class PdfRefusal extends Error {}

const packageDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
/** @param {string} folder */
const packageData = (folder) => `${path.join(packageDir, folder)}${path.sep}`;

/**
 * @param {Uint8Array} bytes
 * @returns {Promise<Buffer>}
 */
async function rasteriseFirstPage(bytes) {
  const task = getDocument({
    data: bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    enableXfa: false,
    standardFontDataUrl: packageData('standard_fonts'),
    cMapUrl: packageData('cmaps'),
    iccUrl: packageData('iccs'),
    wasmUrl: packageData('wasm'),
    maxImageSize: MAX_EMBEDDED_IMAGE_PIXELS,
    verbosity: VerbosityLevel.ERRORS,
  });
  try {
    let doc;
    try {
      doc = await task.promise;
    } catch (err) {
      if (/** @type {Error} */ (err).name === 'PasswordException') throw new PdfRefusal('The PDF is protected by a password: upload a copy without one');
      throw new PdfRefusal(`The file is not a readable PDF: ${/** @type {Error} */ (err).message}`);
    }
    if (doc.numPages < 1) throw new PdfRefusal('The PDF has no pages');
    let page;
    try {
      page = await doc.getPage(1);
    } catch (err) {
      throw new PdfRefusal(`The first page of the PDF cannot be read: ${/** @type {Error} */ (err).message}`);
    }
    const natural = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: PDF_RASTER_SIDE / Math.max(natural.width, natural.height) });
    const canvas = createCanvas(Math.max(1, Math.round(viewport.width)), Math.max(1, Math.round(viewport.height)));
    try {
      // pdf.js types its canvas as the DOM's; @napi-rs/canvas implements the part it draws with.
      await page.render({ canvas: /** @type {any} */ (canvas), viewport }).promise;
    } catch (err) {
      throw new PdfRefusal(`The PDF could not be rendered: ${/** @type {Error} */ (err).message}`);
    }
    return await canvas.encode('png');
  } finally {
    await task.destroy();
  }
}

/**
 * @param {Uint8Array} bytes
 * @returns {Promise<PdfProcessAnswer>}
 */
async function answer(bytes) {
  try {
    return { ok: true, png: await rasteriseFirstPage(bytes) };
  } catch (err) {
    const { message } = /** @type {Error} */ (err);
    return { ok: false, reason: err instanceof PdfRefusal ? message : `The PDF could not be rendered: ${message}` };
  }
}

// A server that stops or restarts no longer waits for this page: stop drawing it.
process.once('disconnect', () => process.exit(1));
process.once('message', (bytes) => {
  void answer(/** @type {Uint8Array} */ (bytes)).then((message) => process.send?.(message, () => process.exit(0)));
});
