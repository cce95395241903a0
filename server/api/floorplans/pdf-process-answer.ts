/**
 * What the PDF child process (pdf-process.mjs) sends back. A TypeScript file of its own because the server's
 * TypeScript program does not compile JavaScript: with `allowJs` the development loader would
 * resolve some packages' stray `.ts` sources instead of their JavaScript.
 */
export type PdfProcessAnswer = { ok: true; png: Uint8Array } | { ok: false; reason: string };
