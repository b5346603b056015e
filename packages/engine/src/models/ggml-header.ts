import type { BinaryFileReader } from "./binary-reader.js";
import {
  GGML_MAGIC,
  GGML_QNT_VERSION_FACTOR,
  HPARAM_NAMES,
  weightTypeForFtype,
  type GgmlHparams,
} from "./ggml-layout.js";
import type { ModelSizeClass } from "./registry.js";

/** A structural problem found in a model file; the validator turns it into MODEL_INVALID. */
export class ModelFormatError extends Error {
  override readonly name = "ModelFormatError";
}

// Encoder width per size class; whisper.cpp picks the class from n_audio_layer alone.
const SIZE_CLASSES: ReadonlyArray<{ sizeClass: ModelSizeClass; layers: number; state: number }> = [
  { sizeClass: "tiny", layers: 4, state: 384 },
  { sizeClass: "base", layers: 6, state: 512 },
  { sizeClass: "small", layers: 12, state: 768 },
  { sizeClass: "medium", layers: 24, state: 1024 },
  { sizeClass: "large", layers: 32, state: 1280 },
];

// Generous bounds: every published model sits well inside them, random bytes almost never do.
const HPARAM_RANGES: Readonly<Record<Exclude<keyof GgmlHparams, "ftype">, [number, number]>> = {
  n_vocab: [50_000, 60_000],
  n_audio_ctx: [1, 10_000],
  n_audio_state: [64, 8192],
  n_audio_head: [1, 128],
  n_audio_layer: [1, 128],
  n_text_ctx: [1, 10_000],
  n_text_state: [64, 8192],
  n_text_head: [1, 128],
  n_text_layer: [1, 128],
  n_mels: [1, 512],
};

/** What the first four bytes say when they are not the GGML magic. */
function describeForeignMagic(first: Buffer): string {
  const ascii = first.toString("latin1");
  if (ascii === "GGUF") return "it is a GGUF file (llama.cpp format), not a whisper.cpp GGML model";
  if (ascii.startsWith("PK")) return "it is a ZIP archive (perhaps a PyTorch .pt checkpoint)";
  if (ascii === "vers") return "it is a Git LFS pointer file, not the model itself";
  if (ascii.startsWith("<") || ascii.startsWith("{")) {
    return "it looks like a web page or JSON error document (a failed download?)";
  }
  return `wrong magic 0x${first.readUInt32LE(0).toString(16).padStart(8, "0")}, expected 0x${GGML_MAGIC.toString(16)} ("lmgg")`;
}

/** Reads and checks the magic number; throws ModelFormatError naming what the file is instead. */
export async function readMagic(reader: BinaryFileReader): Promise<void> {
  const first = await reader.bytes(4);
  if (first.readUInt32LE(0) !== GGML_MAGIC) throw new ModelFormatError(describeForeignMagic(first));
}

/** Reads the eleven hyper-parameters and rejects implausible values. */
export async function readHparams(reader: BinaryFileReader): Promise<GgmlHparams> {
  const hp = {} as GgmlHparams;
  for (const name of HPARAM_NAMES) hp[name] = await reader.int32();
  for (const [name, [min, max]] of Object.entries(HPARAM_RANGES)) {
    const value = hp[name as keyof GgmlHparams];
    if (value < min || value > max) {
      throw new ModelFormatError(`implausible header: ${name} = ${value} (expected ${min}..${max})`);
    }
  }
  if (hp.ftype < 0 || weightTypeForFtype(hp.ftype) === null) {
    throw new ModelFormatError(`implausible header: unknown ftype ${hp.ftype}`);
  }
  if (Math.floor(hp.ftype / GGML_QNT_VERSION_FACTOR) > 10) {
    throw new ModelFormatError(`implausible header: ftype ${hp.ftype}`);
  }
  if (hp.n_text_state !== hp.n_audio_state) {
    throw new ModelFormatError(
      `implausible header: n_text_state ${hp.n_text_state} differs from n_audio_state ${hp.n_audio_state}`,
    );
  }
  if (hp.n_audio_state % hp.n_audio_head !== 0 || hp.n_text_state % hp.n_text_head !== 0) {
    throw new ModelFormatError("implausible header: state width is not a multiple of the head count");
  }
  return hp;
}

/** The size class for these hyper-parameters (null for an unusual layer count). */
export function inferSizeClass(hp: GgmlHparams): ModelSizeClass | null {
  const known = SIZE_CLASSES.find((entry) => entry.layers === hp.n_audio_layer);
  if (!known) return null;
  if (known.state !== hp.n_audio_state) {
    throw new ModelFormatError(
      `implausible header: ${hp.n_audio_layer} encoder layers (${known.sizeClass}) but width ${hp.n_audio_state}, expected ${known.state}`,
    );
  }
  return known.sizeClass;
}
