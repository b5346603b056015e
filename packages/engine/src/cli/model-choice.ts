// `--model fast`, `accurate` or `cantonese`: the user says what they want, not which model. The
// model is chosen as the server chooses it (routeModel, the one routing table), from what is
// installed in the models folder; with language "auto", after detecting the language when an
// installed Parakeet or SenseVoice model could take it (so Chinese never reaches Parakeet).
import { detectSpokenLanguage } from "../detect-language.js";
import type { ProbedMedia } from "../media/probed-media.js";
import { listInstalledModels } from "../models/resolve-model.js";
import {
  DEFAULT_ROUTING,
  routeModel,
  routesByLanguage,
  TRANSCRIPTION_MODES,
  type RoutingTable,
  type TranscriptionMode,
} from "../models/route-model.js";

/** Whether `--model` names a plain choice rather than a model or a file. */
export function isTranscriptionMode(model: string): model is TranscriptionMode {
  return (TRANSCRIPTION_MODES as readonly string[]).includes(model);
}

/** What a choice comes to for one file. */
export interface ChosenModel {
  /** The registry name of the model that runs. */
  model: string;
  /** The language it is told ("auto" leaves Whisper to decide per chunk). */
  language: string;
  /** What detection found; null when it did not run or found nothing. */
  detected: string | null;
}

export interface ModelChoiceRequest {
  input: string;
  modelsDir: string;
  language: string;
  task: "transcribe" | "translate";
  threads?: number;
  vad?: boolean;
  signal?: AbortSignal;
  table?: RoutingTable;
  /** The file's probe, when the caller has one (the detection then does not probe again). */
  probed?: ProbedMedia;
}

/** The model and language a plain choice runs for one file. */
export async function chooseModel(
  mode: TranscriptionMode,
  request: ModelChoiceRequest,
): Promise<ChosenModel> {
  const table = request.table ?? DEFAULT_ROUTING;
  const usable = (await listInstalledModels(request.modelsDir)).filter((m) => m.problem === null);
  // Parakeet and SenseVoice do not translate: a translation is Whisper's.
  const candidates = usable.filter((m) => request.task === "transcribe" || m.family === "whisper");
  const installed = new Set(candidates.map((m) => m.name));
  const first = routeModel(mode, request.language, null, installed, table);
  if (request.language !== "auto" || mode === "cantonese") return { ...first, detected: null };
  if (!routesByLanguage(mode, installed, table)) {
    return { model: first.model, language: "auto", detected: null };
  }
  // Detection runs on the Whisper model that runs when the language changes nothing.
  const { language: detected } = await detectSpokenLanguage(
    {
      input: request.input,
      model: first.model,
      modelsDir: request.modelsDir,
      enginePlacement: "in-process",
      ...(request.probed ? { probed: request.probed } : {}),
      ...(request.threads ? { threads: request.threads } : {}),
      ...(request.vad !== undefined ? { vad: request.vad } : {}),
    },
    request.signal ? { signal: request.signal } : {},
  );
  const routed = routeModel(mode, "auto", detected, installed, table);
  const family = candidates.find((m) => m.name === routed.model)?.family;
  // Another Whisper model is never swapped in: the one chosen decides per chunk, as it would have.
  if (detected === null || family === undefined || family === "whisper") {
    return { model: first.model, language: "auto", detected };
  }
  return { model: routed.model, language: routed.language, detected };
}
