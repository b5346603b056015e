// Probes a SenseVoice folder in a child process before anything loads it for real (see
// sensevoice-probe-process.ts), once per version of its files.
import { execFile } from "node:child_process";
import { stat } from "node:fs/promises";

import { EngineError } from "../errors.js";
import { builtScriptPath } from "../pipeline/built-script.js";
import { senseVoiceFiles } from "./sensevoice-model.js";

const PROBE_TIMEOUT_MS = 60_000;
const probed = new Map<string, { version: string; result: Promise<void> }>();

function probeOnce(folder: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [builtScriptPath(import.meta.url, "sensevoice-probe-process"), folder],
      { timeout: PROBE_TIMEOUT_MS, maxBuffer: 1 << 20 },
      (error, stdout, stderr) => {
        if (!error && stdout.trim() === "ok") return resolve();
        const said = stderr
          .split("\n")
          .map((line) => line.trim())
          .filter(Boolean)
          .slice(-3)
          .join(" ");
        reject(
          new EngineError(
            "MODEL_INVALID",
            `${folder} is not a usable SenseVoice model: sherpa-onnx could not load it` +
              `${said ? ` (${said.slice(0, 400)})` : ""}. Download it again (sherpa-onnx's ` +
              "sherpa-onnx-sense-voice-zh-en-ja-ko-yue-int8-2024-07-17 release, `verbatim models download sensevoice-small`).",
          ),
        );
      },
    );
  });
}

/** Resolves when sherpa-onnx loads the folder's model in a child process; MODEL_INVALID if not. */
export async function probeSenseVoiceFolder(folder: string): Promise<void> {
  const files = senseVoiceFiles(folder);
  if (!files) {
    throw new EngineError(
      "MODEL_NOT_FOUND",
      `${folder} is not a SenseVoice model folder: it needs model.int8.onnx (or model.onnx) and tokens.txt.`,
    );
  }
  const [model, tokens] = await Promise.all([stat(files.model), stat(files.tokens)]);
  const version = [model, tokens].map((s) => `${s.size}:${s.mtimeMs}:${s.ino}`).join("/");
  const known = probed.get(folder);
  if (known?.version === version) return known.result;
  const result = probeOnce(folder);
  probed.set(folder, { version, result });
  return result;
}
