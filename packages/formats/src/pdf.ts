import type { ExportInput } from "./export-input.js";
import { PdfFonts } from "./pdf-fonts.js";
import { PdfTextWriter, type TextSpan } from "./pdf-text.js";
import { transcriptDocument } from "./transcript-document.js";

const GREY = "#52525B";
const TEXT = "#18181B";
const MARGIN = 56;

/**
 * A PDF transcript (pdfkit), laid out as the DOCX: title, date, duration and language, the
 * speakers in their colours, a paragraph per speaker turn under its time and speaker (and a
 * bilingual transcript's translation under it), "Page N of M" at the foot of each page. Every
 * letter is set in a Noto font that has it, chosen per run of text (PdfFonts: Noto Sans, Noto
 * Sans CJK, the Noto Sans font of its script, Symbola for emoji), right-to-left text in visual
 * order (PdfTextWriter); each font is embedded as a subset of the glyphs used. Throws
 * CjkFontMissingError where Noto Sans CJK is not installed.
 */
export async function writePdf(input: ExportInput): Promise<Uint8Array> {
  const doc = transcriptDocument(input);
  const fonts = new PdfFonts();
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
  const writer = new PdfTextWriter(pdf, fonts);
  const width = pdf.page.width - 2 * MARGIN;
  // Headings and labels run left to right whatever names they hold; the text's own paragraphs
  // take the direction of their first letter (Hebrew and Arabic from the right).
  const paragraph = (spans: TextSpan[], gap = 0, direction: "ltr" | "auto" = "ltr") =>
    writer.paragraph(spans, { x: MARGIN, width, lineGap: gap, direction });
  const span = (text: string, weight: TextSpan["weight"], size: number, colour: string) => ({
    text,
    weight,
    size,
    colour,
  });

  paragraph([span(doc.title, "bold", 20, TEXT)]);
  pdf.y += 10;
  for (const fact of doc.facts) {
    paragraph([
      span(`${fact.label}${doc.labels.colon}`, "bold", 10, GREY),
      span(fact.value, "regular", 10, GREY),
    ]);
  }
  if (doc.speakers.length > 0) {
    paragraph([
      span(`${doc.labels.speakers}${doc.labels.colon}`, "bold", 10, GREY),
      ...doc.speakers.flatMap((speaker, i) => [
        ...(i > 0 ? [span(", ", "regular", 10, GREY)] : []),
        span(`● ${speaker.name}`, "bold", 10, `#${speaker.colour}`),
      ]),
    ]);
  }
  pdf.y += 14;
  for (const turn of doc.paragraphs) {
    // A paragraph's head stays with its first line.
    if (pdf.y > pdf.page.height - MARGIN - 48) {
      pdf.addPage();
      pdf.y = MARGIN;
    }
    pdf.y += 8;
    paragraph([
      span(turn.time, "regular", 9, GREY),
      ...(turn.speaker
        ? [span(`  ${turn.speaker.name}`, "bold", 10, `#${turn.speaker.colour}`)]
        : []),
    ]);
    paragraph([span(turn.text, "regular", 11, TEXT)], 2, "auto");
    if (turn.translation !== undefined) {
      paragraph([span(turn.translation, "regular", 11, GREY)], 2, "auto");
    }
  }

  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    pdf.switchToPage(i);
    const label = doc.labels.page(String(i + 1), String(range.count));
    // Written inside the bottom margin, which no page break may follow.
    writer.paragraph([span(label, "regular", 9, GREY)], {
      x: MARGIN,
      width,
      align: "center",
      y: pdf.page.height - MARGIN / 2 - 6,
      pageBreaks: false,
    });
  }
  pdf.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}
