import { z } from "zod";

// EBU-STL's General Subtitle Information fields a broadcaster fills in (EBU Tech 3264;
// docs/broadcast.md, "Broadcast delivery"): the one validator of their names and rules, used by
// GET /api/transcriptions/{id}/export's query, POST /api/exports' body and the CLI's options.

/** A text field of the GSI block: 32 characters at most, on one line. */
const GsiText = (what: string) =>
  z
    .string()
    .max(32)
    .regex(/^[^\r\n]*$/u, "one line")
    .optional()
    .describe(`stl: ${what} in the GSI block (32 characters at most; Latin, code page 850).`);

/** The revision number as a query string or a command line gives it ("3"). */
const REVISION_TEXT = z
  .string()
  .regex(/^\d{1,2}$/u, "a number from 0 to 99")
  .transform(Number);

/** The GSI fields, by the names the export's parameters have. */
export const STL_GSI_FIELDS = {
  stlProgramme: GsiText("the original programme title (OPT; default: the file's name)"),
  stlEpisode: GsiText("the original episode title (OET)"),
  stlPublisher: GsiText("the publisher (PUB)"),
  stlEditor: GsiText("the editor's name (EN)"),
  stlContact: GsiText("the editor's contact details (ECD)"),
  stlCountry: z
    .string()
    .regex(/^[A-Za-z]{3}$/u, "three letters (ISO 3166-1 alpha-3)")
    .optional()
    .describe("stl: the country of origin (CO), ISO 3166-1 alpha-3, e.g. `HKG`, `GBR`."),
  // A JSON body may give the number itself; a query string and the CLI give its digits.
  stlRevision: z
    .union([z.number().int().min(0).max(99), REVISION_TEXT], { error: "a number from 0 to 99" })
    .optional()
    .describe("stl: the revision number (RN), 0 to 99; default 0."),
};

/** The GSI fields as one object (what the CLI checks its options with). */
export const StlGsiFields = z.object(STL_GSI_FIELDS);
export type StlGsiValues = z.output<typeof StlGsiFields>;

/** The names of the GSI fields ("stlProgramme", …). */
export const STL_GSI_NAMES = Object.keys(STL_GSI_FIELDS) as (keyof typeof STL_GSI_FIELDS)[];

/** The checked fields as the EBU-STL writer takes them (formats' StlInformation). */
export function stlInformation(values: StlGsiValues) {
  return {
    programme: values.stlProgramme,
    episode: values.stlEpisode,
    publisher: values.stlPublisher,
    editor: values.stlEditor,
    contact: values.stlContact,
    country: values.stlCountry,
    revision: values.stlRevision,
  };
}
