import { mergeAreas, type Translation } from "./merge-areas";

/** English texts of the pages behind sign-in and the other pages no visitor sees first. */
export default mergeAreas(
  import.meta.glob<Translation>("../locales/en/app/*.json", { eager: true, import: "default" }),
);
