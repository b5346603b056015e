// Before a video is sent, its audio track is taken out in the browser (mediabunny: demuxing
// and, where the codec allows, copying the audio without decoding it; WebCodecs re-encodes
// otherwise), so a 1 GB recording goes up as a few megabytes of sound. The server treats what
// arrives like any upload (it checks everything again). Where the browser cannot read the file,
// the whole file is sent instead, under the usual size limit.
import { mediaKind } from "./file-rules";

export interface PreparedUpload {
  /** What to send: the audio alone, or the original file. */
  file: File;
  /** Whether the audio was taken out (false: the whole file goes). */
  extracted: boolean;
}

/** Takes the audio out of a video file; the original when it is not a video or cannot be read. */
export async function prepareUpload(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<PreparedUpload> {
  if (mediaKind(file) !== "video") return { file, extracted: false };
  try {
    const audio = await extractAudio(file, onProgress, signal);
    return audio ? { file: audio, extracted: true } : { file, extracted: false };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { file, extracted: false }; // a container or codec this browser cannot handle
  }
}

async function extractAudio(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<File | null> {
  const { ALL_FORMATS, BlobSource, BufferTarget, Conversion, Input, Mp4OutputFormat, Output } =
    await import("mediabunny"); // loaded only when a video is sent
  const input = new Input({ source: new BlobSource(file), formats: ALL_FORMATS });
  try {
    if (!(await input.getPrimaryAudioTrack())) return null; // no sound: let the server say so
    const target = new BufferTarget();
    const output = new Output({ format: new Mp4OutputFormat({ fastStart: "in-memory" }), target });
    const conversion = await Conversion.init({
      input,
      output,
      video: { discard: true },
      showWarnings: false,
    });
    if (!conversion.isValid || conversion.utilizedTracks.length === 0) return null;
    conversion.onProgress = (progress) => onProgress(progress);
    const cancel = () => void conversion.cancel();
    signal?.addEventListener("abort", cancel, { once: true });
    try {
      await conversion.execute();
    } finally {
      signal?.removeEventListener("abort", cancel);
    }
    if (!target.buffer) return null;
    // The original name (history and downloads use it); the content is audio in MP4.
    return new File([target.buffer], file.name, { type: "audio/mp4" });
  } finally {
    input.dispose();
  }
}
