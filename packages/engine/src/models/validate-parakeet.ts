// Checks a Parakeet GGML file before whisper.cpp's parakeet library reads it: header, mel
// filterbank, window, durations, vocabulary and every tensor header (name, shape, type, that its
// data is all there). A truncated file, a wrong magic or a foreign file is refused with
// MODEL_INVALID naming the problem; nothing native is touched.
import { open, type FileHandle } from "node:fs/promises";

import { EngineError } from "../errors.js";
import { BinaryFileReader, EndOfFileError } from "./binary-reader.js";
import { ModelFormatError, readMagic } from "./ggml-header.js";
import { tensorDataBytes, tensorTypeName } from "./ggml-layout.js";
import {
  PARAKEET_HPARAM_NAMES,
  parakeetTensorSpecs,
  type ParakeetHparams,
} from "./parakeet-layout.js";

/** What a valid Parakeet file holds. */
export interface ParakeetFileInfo {
  path: string;
  sizeBytes: number;
  hparams: ParakeetHparams;
  /** Storage type of the weight matrices (`f32`, `f16`, or a quantization). */
  weightType: string;
  tensorCount: number;
}

const RANGES: Readonly<Partial<Record<keyof ParakeetHparams, [number, number]>>> = {
  n_vocab: [4, 100_000],
  n_audio_ctx: [1, 100_000],
  n_audio_state: [2, 8192],
  n_audio_head: [1, 128],
  n_audio_layer: [1, 128],
  n_mels: [1, 512],
  n_fft: [2, 8192],
  subsampling_factor: [1, 64],
  n_subsampling_channels: [1, 4096],
  n_conv_kernel: [1, 128],
  n_pred_dim: [1, 8192],
  n_pred_layers: [1, 16],
  n_tdt_durations: [1, 64],
  n_max_tokens: [1, 1000],
};

async function readHparams(reader: BinaryFileReader): Promise<ParakeetHparams> {
  const hp = {} as ParakeetHparams;
  for (const name of PARAKEET_HPARAM_NAMES) hp[name] = await reader.int32();
  for (const [name, [min, max]] of Object.entries(RANGES) as [
    keyof ParakeetHparams,
    [number, number],
  ][]) {
    if (!(hp[name] >= min && hp[name] <= max)) {
      throw new ModelFormatError(`implausible ${name} ${hp[name]} in the header`);
    }
  }
  if (hp.n_audio_state % hp.n_audio_head !== 0) {
    throw new ModelFormatError("n_audio_state is not a multiple of n_audio_head");
  }
  return hp;
}

async function readPreamble(reader: BinaryFileReader, hp: ParakeetHparams): Promise<void> {
  const nMel = await reader.int32();
  const nFreqs = await reader.int32();
  if (nMel !== hp.n_mels || nFreqs !== Math.floor(hp.n_fft / 2) + 1) {
    throw new ModelFormatError(`mel filterbank ${nMel} x ${nFreqs} does not match the header`);
  }
  reader.skip(nMel * nFreqs * 4);
  const windowLength = await reader.int32();
  if (windowLength < 1 || windowLength > hp.n_fft) {
    throw new ModelFormatError(`implausible window length ${windowLength}`);
  }
  reader.skip(windowLength * 4);
  reader.skip(hp.n_tdt_durations * 4);
  const vocabulary = await reader.int32();
  if (vocabulary !== hp.n_vocab) {
    throw new ModelFormatError(`vocabulary of ${vocabulary} tokens, header says ${hp.n_vocab}`);
  }
  for (let i = 0; i < vocabulary; i++) {
    const length = await reader.int32();
    if (length < 0 || length > 1024) {
      throw new ModelFormatError(`implausible vocabulary: token ${i} is ${length} bytes long`);
    }
    reader.skip(length);
  }
}

function padded(shape: readonly number[]): string {
  return [...shape, 1, 1, 1, 1].slice(0, 4).join(",");
}

/** Validates a Parakeet GGML model file (header, layout, every tensor header). */
export async function validateParakeetFile(path: string): Promise<ParakeetFileInfo> {
  let file: FileHandle;
  try {
    file = await open(path, "r");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") {
      throw new EngineError("MODEL_NOT_FOUND", `No model file at ${path}.`, { cause: error });
    }
    throw invalid(path, `it cannot be opened (${code ?? String(error)})`);
  }
  let where = "the header";
  try {
    const stat = await file.stat();
    if (!stat.isFile() || stat.size === 0) throw new ModelFormatError("the file is empty");
    const reader = new BinaryFileReader(file, stat.size);
    await readMagic(reader);
    const hparams = await readHparams(reader);
    where = "the mel filterbank and vocabulary";
    await readPreamble(reader, hparams);
    const specs = new Map(parakeetTensorSpecs(hparams).map((s) => [s.name, s]));
    const seen = new Set<string>();
    let weightType = "f32";
    while (reader.remaining > 0) {
      where = `the header of tensor ${seen.size + 1} of ${specs.size}`;
      const nDims = await reader.int32();
      const nameLength = await reader.int32();
      const ttype = await reader.int32();
      if (nDims < 1 || nDims > 4 || nameLength < 1 || nameLength > 256) {
        throw new ModelFormatError(`implausible header for tensor ${seen.size + 1}`);
      }
      const reversed: number[] = [];
      for (let d = 0; d < nDims; d++) reversed.push(await reader.int32());
      const name = (await reader.bytes(nameLength)).toString("utf8");
      const spec = specs.get(name);
      if (!spec) throw new ModelFormatError(`unexpected tensor "${name}"`);
      if (seen.has(name)) throw new ModelFormatError(`tensor "${name}" appears twice`);
      const expected = [...spec.shape].reverse();
      if (padded(reversed) !== padded(expected)) {
        throw new ModelFormatError(
          `tensor "${name}" has shape [${[...reversed].reverse().join(", ")}], expected [${spec.shape.join(", ")}]`,
        );
      }
      const elements = reversed.reduce((a, b) => a * b, 1);
      const bytes = tensorDataBytes(ttype, elements);
      if (bytes === null) {
        throw new ModelFormatError(`tensor "${name}" uses ggml type ${ttype}, not supported`);
      }
      if (spec.kind === "matrix") weightType = tensorTypeName(ttype) ?? String(ttype);
      where = `tensor "${name}"`;
      reader.skip(bytes);
      seen.add(name);
    }
    if (seen.size < specs.size) {
      const missing = [...specs.keys()].find((name) => !seen.has(name));
      throw new ModelFormatError(
        `the file is truncated or incomplete: it has ${seen.size} of ${specs.size} tensors (missing "${missing}")`,
      );
    }
    return { path, sizeBytes: stat.size, hparams, weightType, tensorCount: seen.size };
  } catch (error) {
    if (error instanceof EndOfFileError) {
      throw invalid(path, `the file is truncated (it ends inside ${where})`);
    }
    if (error instanceof ModelFormatError) throw invalid(path, error.message);
    throw error;
  } finally {
    await file.close();
  }
}

function invalid(path: string, reason: string): EngineError {
  return new EngineError(
    "MODEL_INVALID",
    `${path} is not a valid Parakeet model: ${reason}. Check that it is a parakeet GGML file ` +
      "(whisper.cpp's convert-parakeet-to-ggml.py, or ggml-org/parakeet-GGUF) downloaded completely.",
    { cause: new ModelFormatError(reason) },
  );
}
