import { EngineError } from "../errors.js";
import { safeInputOptions } from "../media/allowed-formats.js";
import { crashedTool, fileInput, ffprobePath, runTool } from "../media/ffmpeg-binaries.js";

interface SizeProbe {
  streams?: {
    width?: number;
    height?: number;
    disposition?: { attached_pic?: number };
    side_data_list?: { rotation?: number }[];
    tags?: { rotate?: string };
  }[];
}

/**
 * The picture size of a file's first real video stream (not a cover picture) as it is shown:
 * width and height swapped when the stream is rotated a quarter turn (phones' portrait videos),
 * as ffmpeg turns the frames upright before filtering.
 */
export async function probeVideoSize(
  path: string,
  signal?: AbortSignal,
): Promise<{ width: number; height: number }> {
  const run = await runTool(
    ffprobePath(),
    [
      ...["-v", "error", ...safeInputOptions(), "-select_streams", "v", "-print_format", "json"],
      ...[
        "-show_entries",
        "stream=width,height:stream_disposition=attached_pic:stream_side_data=rotation:stream_tags=rotate",
      ],
      fileInput(path),
    ],
    signal,
  );
  if (run.signal && !signal?.aborted) throw crashedTool(ffprobePath(), run.signal);
  let parsed: SizeProbe | null;
  try {
    parsed = JSON.parse(run.stdout) as SizeProbe;
  } catch {
    parsed = null;
  }
  const stream = parsed?.streams?.find((s) => s.disposition?.attached_pic !== 1);
  if (run.code !== 0 || !stream?.width || !stream.height) {
    throw new EngineError("INPUT_NOT_MEDIA", "The video's picture size cannot be read.");
  }
  const rotation = Number(
    stream.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ??
      stream.tags?.rotate ??
      0,
  );
  const quarter = Math.abs(Math.round(rotation / 90)) % 2 === 1;
  return quarter
    ? { width: stream.height, height: stream.width }
    : { width: stream.width, height: stream.height };
}
