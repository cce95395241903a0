/**
 * A table that breaks across pages: a row never splits, and the header row is repeated at the top
 * of every page the table continues on. Cells wrap within their column.
 */
import { INK, PAGE, RULE, type ReportDocument } from './report-document.js';

export interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

export type Cell = string | { text: string; colour?: string; bold?: boolean; span?: number };

const FONT_SIZE = 8.5;
const PAD_X = 4;
const PAD_Y = 3.5;
const HEADER_FILL = '#eef2f6';

function cellOf(cell: Cell): { text: string; colour: string; bold: boolean; span: number } {
  return typeof cell === 'string' ? { text: cell, colour: INK, bold: false, span: 1 } : { colour: INK, bold: false, span: 1, ...cell };
}

export function drawTable(rd: ReportDocument, columns: Column[], rows: Cell[][]): void {
  const { doc } = rd;
  const layout = (cells: Cell[], bold: boolean) => {
    let col = 0;
    return cells.map((raw) => {
      const c = cellOf(raw);
      const x = PAGE.margin + columns.slice(0, col).reduce((s, k) => s + k.width, 0);
      const width = columns.slice(col, col + c.span).reduce((s, k) => s + k.width, 0);
      const align = c.span === 1 ? (columns[col]!.align ?? 'left') : 'left';
      col += c.span;
      doc.font(bold || c.bold ? 'bold' : 'regular').fontSize(FONT_SIZE);
      const height = doc.heightOfString(c.text || ' ', { width: width - 2 * PAD_X });
      return { ...c, bold: bold || c.bold, x, width, align, height };
    });
  };
  const draw = (cells: ReturnType<typeof layout>, fill: string | null) => {
    const height = Math.max(...cells.map((c) => c.height)) + 2 * PAD_Y;
    const top = doc.y;
    if (fill)
      doc
        .rect(
          PAGE.margin,
          top,
          columns.reduce((s, k) => s + k.width, 0),
          height,
        )
        .fill(fill);
    for (const c of cells) {
      doc
        .font(c.bold ? 'bold' : 'regular')
        .fontSize(FONT_SIZE)
        .fillColor(c.colour)
        .text(c.text, c.x + PAD_X, top + PAD_Y, { width: c.width - 2 * PAD_X, align: c.align });
    }
    doc
      .moveTo(PAGE.margin, top + height)
      .lineTo(PAGE.margin + columns.reduce((s, k) => s + k.width, 0), top + height)
      .lineWidth(0.4)
      .strokeColor(RULE)
      .stroke();
    doc.x = PAGE.margin;
    doc.y = top + height;
  };
  const header = layout(
    columns.map((c) => c.title),
    true,
  );
  const headerHeight = Math.max(...header.map((c) => c.height)) + 2 * PAD_Y;
  const firstRow = rows[0] ? Math.max(...layout(rows[0], false).map((c) => c.height)) + 2 * PAD_Y : 0;
  rd.ensure(headerHeight + firstRow);
  draw(header, HEADER_FILL);
  for (const row of rows) {
    const cells = layout(row, false);
    const height = Math.max(...cells.map((c) => c.height)) + 2 * PAD_Y;
    if (rd.room() < height) {
      doc.addPage();
      draw(header, HEADER_FILL);
    }
    draw(cells, null);
  }
  doc.fillColor(INK);
}
