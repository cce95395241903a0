/**
 * Small PDFs written byte by byte for the floor plan tests, so they need no PDF writer: a page of
 * the given size with a filled rectangle and a line, optionally protected by a password or with
 * no pages at all. The cross-reference table carries the real byte offsets of the objects.
 */

export interface PdfFixtureOptions {
  /** Page size in points (1/72 inch). */
  widthPt?: number;
  heightPt?: number;
  /** The filled rectangle, in PDF user space (origin bottom left), and its colour (0–1 each). */
  rect?: { x: number; y: number; w: number; h: number; rgb: [number, number, number] };
  /** A standard security handler whose user password is not empty: a reader must ask for it. */
  password?: boolean;
  /** A page tree with no pages. */
  noPages?: boolean;
}

export const DEFAULT_RECT = { x: 50, y: 50, w: 100, h: 80, rgb: [1, 0, 0] as [number, number, number] };

export function pdfFixture(options: PdfFixtureOptions = {}): Buffer {
  const { widthPt = 400, heightPt = 300, rect = DEFAULT_RECT } = options;
  const content = [`${rect.rgb.join(' ')} rg`, `${rect.x} ${rect.y} ${rect.w} ${rect.h} re f`, '0 0 0 RG 2 w', `20 ${heightPt - 20} m ${widthPt - 20} ${heightPt - 20} l S`].join(
    '\n',
  );
  const objects = options.noPages
    ? ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>']
    : [
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${widthPt} ${heightPt}] /Contents 4 0 R /Resources << >> >>`,
        `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
      ];
  if (options.password) {
    // Owner and user keys that no empty password reproduces: the document is locked.
    const key = (byte: string) => `<${byte.repeat(32)}>`;
    objects.push(`<< /Filter /Standard /V 1 /R 2 /Length 40 /P -4 /O ${key('a5')} /U ${key('5a')} >>`);
  }

  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  const encrypt = options.password ? ` /Encrypt ${objects.length} 0 R /ID [<00112233445566778899aabbccddeeff> <00112233445566778899aabbccddeeff>]` : '';
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${encrypt} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
