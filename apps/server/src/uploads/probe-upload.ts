import { isEngineError, ProbeHelper } from "@verbatim/engine";
import { errorOfCode } from "../http/app-error.js";

/** An engine error met while taking in a file, as the API's error (its status from the error table). */
export function intakeError(error: unknown): unknown {
  if (!isEngineError(error)) return error;
  return errorOfCode(error.code, error.details);
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
