import type { EngineErrorCode } from "../errors.js";
import type { MediaInfo } from "./probe.js";

/** Parent → probe process: probe a file, or stop probing one (its caller gave up). */
export type ProbeRequest =
  { type: "probe"; id: number; path: string } | { type: "cancel"; id: number };

/** Probe process → parent: a probe's answer. */
export type ProbeReply =
  | { type: "done"; id: number; media: MediaInfo }
  | {
      type: "error";
      id: number;
      /** Set for an EngineError (the file's fault or a missing tool); else an unexpected failure. */
      code?: EngineErrorCode;
      message: string;
      details?: Record<string, number | string>;
    };
