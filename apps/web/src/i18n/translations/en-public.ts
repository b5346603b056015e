import { mergeAreas, type Translation } from "./merge-areas";

/**
 * English texts of the public pages and the frame around every page, with the texts of failed
 * requests that got no answer (`requestErrors`; any page may report one): what a visitor's first
 * page loads. The server's error codes have their texts in @verbatim/contract (`errorTextFor`).
 */
export default mergeAreas(
  import.meta.glob<Translation>("../locales/en/public/*.json", { eager: true, import: "default" }),
);
