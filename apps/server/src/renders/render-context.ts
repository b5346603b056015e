import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import type { RenderWorker } from "./render-worker.js";

/** What the render routes and commands need. */
export interface RenderContext {
  db: Db;
  config: Config;
  now: () => Date;
  renders: RenderWorker;
}
