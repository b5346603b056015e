import { findCjkFont } from "./cjk-font.js";
import type { ExportInput } from "./export-input.js";
import { transcriptDocument } from "./transcript-document.js";

const GREY = "#52525B";
const TEXT = "#18181B";
const MARGIN = 56;

/** Faces of the Noto Sans CJK collections, by the PostScript name inside the .ttc. */
const FACES = { regular: "NotoSansCJKhk-Regular", bold: "NotoSansCJKhk-Bold" };
/** Before 2021 the collections had no Hong Kong face; Traditional Chinese then. */
const OLDER_FACES = { regular: "NotoSansCJKtc-Regular", bold: "NotoSansCJKtc-Bold" };

/**
 * A PDF transcript (pdfkit), laid out as the DOCX: title, date, duration and language, the
 * speakers in their colours, a paragraph per speaker turn under its time and speaker, "Page N
 * of M" at the foot of each page. Every character is set in Noto Sans CJK (Hong Kong forms),
 * embedded as a subset of the glyphs used, so the file shows Chinese and Latin text on any
 * machine. Throws CjkFontMissingError where the font is not installed.
 */
export async function writePdf(input: ExportInput): Promise<Uint8Array> {
  const doc = transcriptDocument(input);
  const fonts = findCjkFont();
  // Loaded when a PDF is written (pdfkit and its font engine take a third of a second to load).
  const { default: PDFDocument } = await import("pdfkit");
  const pdf = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: doc.title, Creator: "Verbatim", CreationDate: input.createdAt },
    lang: input.transcript.language ?? undefined,
  });
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    pdf.on("end", resolve);
    pdf.on("error", reject);
  });
  registerFaces(pdf, fonts);

  pdf.font("bold").fontSize(20).fillColor(TEXT).text(doc.title);
  pdf.moveDown(0.5);
  for (const fact of doc.facts) {
    pdf
      .fontSize(10)
      .fillColor(GREY)
      .font("bold")
      .text(`${fact.label}${doc.labels.colon}`, { continued: true });
    pdf.font("regular").text(fact.value);
  }
  if (doc.speakers.length > 0) {
    pdf
      .fontSize(10)
      .fillColor(GREY)
      .font("bold")
      .text(`${doc.labels.speakers}${doc.labels.colon}`, { continued: true });
    doc.speakers.forEach((speaker, i) => {
      const last = i === doc.speakers.length - 1;
      pdf.fillColor(`#${speaker.colour}`).text(`● ${speaker.name}`, { continued: !last });
      if (!last) pdf.fillColor(GREY).font("regular").text(", ", { continued: true }).font("bold");
    });
  }
  pdf.moveDown(1);
  for (const paragraph of doc.paragraphs) {
    // A paragraph's head stays with its first line.
    if (pdf.y > pdf.page.height - MARGIN - 48) pdf.addPage();
    pdf.moveDown(0.6);
    pdf.font("regular").fontSize(9).fillColor(GREY);
    pdf.text(paragraph.time, { continued: paragraph.speaker !== undefined });
    if (paragraph.speaker) {
      pdf.font("bold").fontSize(10).fillColor(`#${paragraph.speaker.colour}`);
      pdf.text(`  ${paragraph.speaker.name}`);
    }
    pdf.font("regular").fontSize(11).fillColor(TEXT).text(paragraph.text, { lineGap: 2 });
    if (paragraph.translation !== undefined) {
      pdf.fontSize(11).fillColor(GREY).text(paragraph.translation, { lineGap: 2 });
    }
  }

  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    pdf.switchToPage(i);
    const label = doc.labels.page(String(i + 1), String(range.count));
    // Written inside the bottom margin, which text may use here (it cannot start a new page).
    const bottom = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    pdf.font("regular").fontSize(9).fillColor(GREY);
    pdf.text(label, MARGIN, pdf.page.height - MARGIN / 2 - 6, {
      width: pdf.page.width - 2 * MARGIN,
      align: "center",
      lineBreak: false,
    });
    pdf.page.margins.bottom = bottom;
  }
  pdf.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}

/** Registers "regular" and "bold" from the collections: the Hong Kong faces, else Taiwan's. */
function registerFaces(pdf: PDFKit.PDFDocument, fonts: { regular: string; bold: string }): void {
  try {
    pdf.registerFont("regular", fonts.regular, FACES.regular);
    pdf.registerFont("bold", fonts.bold, FACES.bold);
    pdf.font("regular").font("bold");
  } catch {
    pdf.registerFont("regular", fonts.regular, OLDER_FACES.regular);
    pdf.registerFont("bold", fonts.bold, OLDER_FACES.bold);
  }
}
