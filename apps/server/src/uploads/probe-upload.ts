import { isEngineError, ProbeHelper, type EngineErrorCode } from "@verbatim/engine";
import { AppError } from "../http/app-error.js";

/** HTTP status for each engine error an upload can meet (415: not media at all). */
const INTAKE_STATUS: Partial<Record<EngineErrorCode, number>> = {
  INPUT_NOT_MEDIA: 415,
  INPUT_NO_AUDIO: 415,
  INPUT_EMPTY: 400,
  INPUT_ZERO_DURATION: 400,
  INPUT_CORRUPT: 400,
  INPUT_NOT_FOUND: 400,
  FFMPEG_MISSING: 503,
  DECODER_FAILED: 500,
};

/** An engine error met while taking in a file, as the API's error (400, 415, 503…). */
export function intakeError(error: unknown): unknown {
  if (!isEngineError(error)) return error;
  return new AppError(INTAKE_STATUS[error.code] ?? 400, error.code, error.message);
}

/**
 * Where uploads are probed: one small helper process for the whole server, so that the server
 * itself never forks ffprobe or ffmpeg per upload (each fork of a large process stalls the
 * event loop for every other request).
 */
const probes = new ProbeHelper();

/**
 * Probes an uploaded file with ffprobe (in the probe helper process): its length, or 400/415 when it is not usable media.
 * Only the engine's allow-listed containers are opened (no playlists or lists that name other
 * files), so the length measured is that of the file itself.
 */
export async function probeUpload(path: string) {
  return probes.probe(path).catch((error: unknown) => {
    throw intakeError(error);
  });
}
