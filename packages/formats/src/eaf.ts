import { cuesWithText, joinLines } from "@verbatim/subtitles";
import { create } from "xmlbuilder2";
import type { ExportInput } from "./export-input.js";
import { cueTranslation, TRANSLATION_LANGUAGE } from "./bilingual-track.js";
import { speakerLabel } from "./speaker-label.js";
import { xmlText } from "./xml-text.js";

/** MIME types ELAN names media by, from the file's extension. */
const MEDIA_TYPES: Record<string, string> = {
  mp4: "video/mp4",
  m4v: "video/mp4",
  mov: "video/quicktime",
  webm: "video/webm",
  mkv: "video/x-matroska",
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  wav: "audio/x-wav",
  flac: "audio/flac",
  ogg: "audio/ogg",
};

/**
 * ELAN annotation document (EAF 3.0): a tier per speaker (named after the speaker, with the
 * speaker as its participant; one "Transcript" tier when there are none), an aligned
 * annotation per cue, times in milliseconds. A bilingual transcript adds, under each tier, a
 * dependent "(translation)" tier whose annotations are symbolically associated with the cues. The media is named, not linked: ELAN asks for it
 * when the file is opened elsewhere.
 */
export function writeEaf(input: ExportInput): string {
  const cues = cuesWithText(input.transcript.cues);
  const doc = create({ version: "1.0", encoding: "UTF-8" }).ele("ANNOTATION_DOCUMENT", {
    AUTHOR: "Verbatim",
    DATE: input.createdAt.toISOString().replace(/\.\d{3}Z$/, "+00:00"),
    FORMAT: "3.0",
    VERSION: "3.0",
    "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
    "xsi:noNamespaceSchemaLocation": "http://www.mpi.nl/tools/elan/EAFv3.0.xsd",
  });
  const header = doc.ele("HEADER", { MEDIA_FILE: "", TIME_UNITS: "milliseconds" });
  const media = xmlText(input.mediaFileName ?? input.title);
  const extension = media.split(".").pop()?.toLowerCase() ?? "";
  header.ele("MEDIA_DESCRIPTOR", {
    MEDIA_URL: `file:///${encodeURI(media)}`,
    MIME_TYPE: MEDIA_TYPES[extension] ?? "unknown",
    RELATIVE_MEDIA_URL: `./${encodeURI(media)}`,
  });
  const translated = cues.filter((cue) => cueTranslation(cue) !== undefined).length;
  header.ele("PROPERTY", { NAME: "lastUsedAnnotationId" }).txt(String(cues.length + translated));
  const slots = doc.ele("TIME_ORDER");
  cues.forEach((cue, i) => {
    slots.ele("TIME_SLOT", { TIME_SLOT_ID: `ts${2 * i + 1}`, TIME_VALUE: String(cue.start) });
    slots.ele("TIME_SLOT", { TIME_SLOT_ID: `ts${2 * i + 2}`, TIME_VALUE: String(cue.end) });
  });
  const tiers = new Map<string, ReturnType<typeof doc.ele>>();
  const translationTiers = new Map<string, ReturnType<typeof doc.ele>>();
  let translationId = cues.length;
  cues.forEach((cue, i) => {
    const name =
      cue.speaker === undefined ? "Transcript" : xmlText(speakerLabel(cue.speaker, input));
    let tier = tiers.get(name);
    if (!tier) {
      tier = doc.ele("TIER", {
        LINGUISTIC_TYPE_REF: "utterance",
        TIER_ID: name,
        ...(cue.speaker === undefined ? {} : { PARTICIPANT: name }),
      });
      tiers.set(name, tier);
    }
    tier
      .ele("ANNOTATION")
      .ele("ALIGNABLE_ANNOTATION", {
        ANNOTATION_ID: `a${i + 1}`,
        TIME_SLOT_REF1: `ts${2 * i + 1}`,
        TIME_SLOT_REF2: `ts${2 * i + 2}`,
      })
      .ele("ANNOTATION_VALUE")
      .txt(xmlText(joinLines(cue.text)));
    const translation = cueTranslation(cue);
    if (translation === undefined) return;
    let dependent = translationTiers.get(name);
    if (!dependent) {
      dependent = doc.ele("TIER", {
        LINGUISTIC_TYPE_REF: "translation",
        PARENT_REF: name,
        TIER_ID: `${name} (translation, ${input.translationLanguage ?? TRANSLATION_LANGUAGE})`,
        ...(cue.speaker === undefined ? {} : { PARTICIPANT: name }),
      });
      translationTiers.set(name, dependent);
    }
    translationId += 1;
    dependent
      .ele("ANNOTATION")
      .ele("REF_ANNOTATION", { ANNOTATION_ID: `a${translationId}`, ANNOTATION_REF: `a${i + 1}` })
      .ele("ANNOTATION_VALUE")
      .txt(xmlText(translation));
  });
  if (tiers.size === 0)
    doc.ele("TIER", { LINGUISTIC_TYPE_REF: "utterance", TIER_ID: "Transcript" });
  doc.ele("LINGUISTIC_TYPE", {
    GRAPHIC_REFERENCES: "false",
    LINGUISTIC_TYPE_ID: "utterance",
    TIME_ALIGNABLE: "true",
  });
  if (translationTiers.size > 0) {
    doc.ele("LINGUISTIC_TYPE", {
      CONSTRAINTS: "Symbolic_Association",
      GRAPHIC_REFERENCES: "false",
      LINGUISTIC_TYPE_ID: "translation",
      TIME_ALIGNABLE: "false",
    });
    doc.ele("CONSTRAINT", {
      DESCRIPTION: "1-1 association with a parent annotation",
      STEREOTYPE: "Symbolic_Association",
    });
  }
  return doc.end({ prettyPrint: true }) + "\n";
}
