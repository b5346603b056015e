import type { Paragraph, TextRun } from "docx";
import type { ExportInput } from "./export-input.js";
import { DOCUMENT_FONTS } from "./document-fonts.js";
import { transcriptDocument } from "./transcript-document.js";

const GREY = "52525B";

/**
 * A Word transcript (DOCX, written with the `docx` library): the title, date, duration and
 * language, the speakers in their colours, then a paragraph per speaker turn — time (or
 * timecode) and the speaker's name in colour, the text after — and "Page N of M" in the
 * footer. Chinese text is set in Noto Sans CJK TC and Latin text in Noto Sans (Word substitutes
 * fonts it lacks: DOCX does not embed them).
 */
export async function writeDocx(input: ExportInput): Promise<Uint8Array> {
  // Loaded when a document is written, not with every start of the CLI and the server.
  const docx = await import("docx");
  const { AlignmentType, Document, Footer, Packer, Paragraph, TextRun, HeadingLevel } = docx;
  const doc = transcriptDocument(input);
  const children: Paragraph[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(doc.title)] }),
    ...doc.facts.map(
      (fact) =>
        new Paragraph({
          children: [
            new TextRun({ text: `${fact.label}${doc.labels.colon}`, bold: true, color: GREY }),
            new TextRun({ text: fact.value, color: GREY }),
          ],
        }),
    ),
  ];
  if (doc.speakers.length > 0) {
    children.push(
      new Paragraph({
        spacing: { after: 240 },
        children: [
          new TextRun({
            text: `${doc.labels.speakers}${doc.labels.colon}`,
            bold: true,
            color: GREY,
          }),
          ...doc.speakers.flatMap((speaker, i) => [
            ...(i > 0 ? [new TextRun({ text: ", ", color: GREY })] : []),
            new TextRun({ text: "● ", color: speaker.colour }),
            new TextRun({ text: speaker.name, bold: true, color: speaker.colour }),
          ]),
        ],
      }),
    );
  }
  for (const paragraph of doc.paragraphs) {
    children.push(
      new Paragraph({
        spacing: { before: 200 },
        keepNext: true,
        children: [
          new TextRun({ text: paragraph.time, color: GREY, size: 18 }),
          ...(paragraph.speaker
            ? [
                new TextRun({ text: "  " }),
                new TextRun({
                  text: paragraph.speaker.name,
                  bold: true,
                  color: paragraph.speaker.colour,
                }),
              ]
            : []),
        ],
      }),
      new Paragraph({ children: [new TextRun(paragraph.text)] }),
    );
    if (paragraph.translation !== undefined) {
      // The translation in a paragraph of its own, in grey italics under the original.
      children.push(
        new Paragraph({
          children: [new TextRun({ text: paragraph.translation, italics: true, color: GREY })],
        }),
      );
    }
  }
  const document = new Document({
    title: doc.title,
    creator: "Verbatim",
    styles: {
      default: {
        document: {
          run: {
            font: {
              ascii: DOCUMENT_FONTS.latin,
              hAnsi: DOCUMENT_FONTS.latin,
              eastAsia: DOCUMENT_FONTS.cjk,
              cs: DOCUMENT_FONTS.latin,
            },
            size: 22,
          },
        },
      },
    },
    sections: [
      {
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: pageNumberRuns(docx, doc.labels.page("\u0000", "\u0001")),
              }),
            ],
          }),
        },
        children,
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}

/** "Page N of M" with live page fields where the label puts the numbers. */
function pageNumberRuns(
  { TextRun, PageNumber }: typeof import("docx"),
  template: string,
): TextRun[] {
  const [before = "", rest = ""] = template.split("\u0000");
  const [middle = "", after = ""] = rest.split("\u0001");
  return [
    new TextRun({
      color: GREY,
      size: 18,
      children: [before, PageNumber.CURRENT, middle, PageNumber.TOTAL_PAGES, after],
    }),
  ];
}
