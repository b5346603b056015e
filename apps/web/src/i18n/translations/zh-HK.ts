import errors from "@verbatim/contract/error-texts/zh-HK.json";
import { mergeAreas, type Translation } from "./merge-areas";

/** Every visible string in Traditional Chinese (Hong Kong): one file per area of the app, the same keys in each language. */
export default mergeAreas(
  import.meta.glob<Translation>("../locales/zh-HK/*.json", { eager: true, import: "default" }),
  errors,
);
