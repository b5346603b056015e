import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import type { TranslationWorker } from "./translation-worker.js";

/** What the translation routes and commands need. */
export interface TranslationContext {
  db: Db;
  config: Config;
  now: () => Date;
  translations: TranslationWorker;
}
