import { errorTextsOf } from "@verbatim/contract";
import { mergeAreas, type Translation } from "./merge-areas";

/**
 * Traditional Chinese (Hong Kong) texts of the public pages, the frame around every page, and the error catalogue (any
 * page may report a failed request): what a visitor's first page loads.
 */
export default mergeAreas(
  import.meta.glob<Translation>("../locales/zh-HK/public/*.json", {
    eager: true,
    import: "default",
  }),
  { "error catalogue": { errors: errorTextsOf("zh-HK") } },
);
