import { mergeAreas, type Translation } from "./merge-areas";

/** Traditional Chinese (Hong Kong) texts of the pages behind sign-in and the other pages no visitor sees first. */
export default mergeAreas(
  import.meta.glob<Translation>("../locales/zh-HK/app/*.json", { eager: true, import: "default" }),
);
