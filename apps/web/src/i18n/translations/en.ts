import errors from "@verbatim/contract/error-texts/en.json";
import { mergeAreas, type Translation } from "./merge-areas";

/** Every visible string in English: one file per area of the app, the same keys in each language. */
export default mergeAreas(
  import.meta.glob<Translation>("../locales/en/*.json", { eager: true, import: "default" }),
  errors,
);
