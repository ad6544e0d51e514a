// A receipt or credit note as a PDF (A4), laid out from the same printed parts as the console's
// printable page. Text is set in Noto Sans Hans (@embedpdf/fonts-sc, SIL OFL 1.1), so Chinese renders;
// pdfkit embeds only the glyphs used (a subset of a few kB, not the 8 MB font).
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { ReceiptDocument } from '@proxy/contract/receipts/endpoints'
import { type PrintedDocument, type PrintLanguage, printedDocument } from '@proxy/contract/receipts/printed'
import PDFDocument from 'pdfkit'

const FONT = 'NotoSansHans-Regular.otf'
const MARGIN = 50
const PAGE_WIDTH = 595.28 // A4 in points
const WIDTH = PAGE_WIDTH - 2 * MARGIN
/** Column widths of the items table: item, quantity, unit price, amount. */
const COLUMNS = [265, 50, 90, 90] as const
const MUTED = '#555555'
const RULE = '#bbbbbb'

let font: Promise<Buffer> | undefined

/** The font file, read once on the first PDF (the package exports no path: found beside its entry). */
function fontBytes(): Promise<Buffer> {
  if (!font) {
    const entry = createRequire(import.meta.url).resolve('@embedpdf/fonts-sc')
    font = readFile(join(dirname(entry), '..', 'fonts', FONT))
    font.catch(() => {
      font = undefined
    })
  }
  return font
}

type Doc = InstanceType<typeof PDFDocument>

function heading(doc: Doc, printed: PrintedDocument) {
  doc.fontSize(22).fillColor('black').text(printed.title, MARGIN, MARGIN)
  doc.fontSize(11).text(`${printed.number.label}: ${printed.number.value}`, MARGIN, MARGIN + 6, {
    width: WIDTH,
    align: 'right',
  })
  doc.moveDown(1.5)
  for (const field of printed.fields)
    doc
      .fontSize(10)
      .fillColor(MUTED)
      .text(`${field.label}: `, MARGIN, doc.y, { continued: true })
      .fillColor('black')
      .text(field.value)
}

function parties(doc: Doc, printed: PrintedDocument) {
  const top = doc.y + 16
  const half = WIDTH / 2 - 10
  const block = (party: PrintedDocument['issuer'], x: number) => {
    doc.fontSize(10).fillColor(MUTED).text(party.heading, x, top, { width: half })
    doc.fillColor('black')
    for (const line of party.lines) doc.text(line, x, doc.y, { width: half })
    return doc.y
  }
  const left = block(printed.issuer, MARGIN)
  const right = block(printed.billTo, MARGIN + WIDTH / 2 + 10)
  doc.y = Math.max(left, right) + 20
}

function row(doc: Doc, cells: readonly string[], options: { isHeader?: boolean } = {}) {
  const top = doc.y
  let x = MARGIN
  let bottom = top
  doc.fontSize(10).fillColor(options.isHeader ? MUTED : 'black')
  cells.forEach((cell, index) => {
    const width = COLUMNS[index] ?? 80
    doc.text(cell, x, top, { width, align: index === 0 ? 'left' : 'right' })
    bottom = Math.max(bottom, doc.y)
    x += width
  })
  doc
    .moveTo(MARGIN, bottom + 4)
    .lineTo(MARGIN + WIDTH, bottom + 4)
    .strokeColor(RULE)
    .lineWidth(0.5)
    .stroke()
  doc.y = bottom + 8
}

function totals(doc: Doc, printed: PrintedDocument) {
  doc.moveDown(0.5)
  for (const total of printed.totals) {
    const top = doc.y
    doc
      .fontSize(11)
      .fillColor(MUTED)
      .text(total.label, MARGIN, top, { width: WIDTH - 120, align: 'right' })
    doc.fillColor('black').text(total.value, MARGIN + WIDTH - 110, top, { width: 110, align: 'right' })
    doc.y = Math.max(doc.y, top + 16)
  }
  doc.moveDown(2)
  for (const note of printed.notes)
    doc.fontSize(8).fillColor(MUTED).text(note, MARGIN, doc.y, { width: WIDTH })
}

/** The document as PDF bytes, in `language`. */
export async function renderPdf(document: ReceiptDocument, language: PrintLanguage): Promise<Buffer> {
  const printed = printedDocument(document, language)
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: language,
    info: { Title: `${printed.title} ${document.number}`, Author: document.issuer.name },
  })
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  doc.registerFont('text', await fontBytes())
  doc.font('text')
  heading(doc, printed)
  parties(doc, printed)
  row(doc, printed.columns, { isHeader: true })
  for (const cells of printed.rows) row(doc, cells)
  totals(doc, printed)
  doc.end()
  return done
}
