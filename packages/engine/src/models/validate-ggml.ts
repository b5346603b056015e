import { open, type FileHandle } from "node:fs/promises";
import { basename } from "node:path";

import { EngineError } from "../errors.js";
import { BinaryFileReader, EndOfFileError } from "./binary-reader.js";
import { inferSizeClass, ModelFormatError, readHparams, readMagic } from "./ggml-header.js";
import {
  GGML_QNT_VERSION_FACTOR,
  tensorDataBytes,
  tensorTypeFor,
  tensorTypeName,
  weightTypeForFtype,
  whisperTensorSpecs,
  type GgmlHparams,
  type TensorSpec,
} from "./ggml-layout.js";
import { downloadCommands } from "./install-hints.js";
import {
  findModelByFileName,
  MODEL_REGISTRY,
  type ModelEntry,
  type ModelSizeClass,
} from "./registry.js";

/** What a valid model file contains, read from its header and structure. */
export interface ModelInfo {
  /** The path that was checked. */
  path: string;
  /** File size in bytes. */
  sizeBytes: number;
  /** The header's hyper-parameters, as stored. */
  hparams: GgmlHparams;
  /** tiny/base/small/medium/large from the encoder depth; null for an unusual layer count. */
  sizeClass: ModelSizeClass | null;
  /** True when the vocabulary has the language tokens (n_vocab >= 51865). */
  multilingual: boolean;
  /** Storage type of the weight matrices: `f32`, `f16`, `q5_0`, ... */
  weightType: string;
  /** ggml quantization format version (ftype / 1000). */
  quantizationVersion: number;
  /** Shape of the stored mel filterbank. */
  melFilters: { nMel: number; nFft: number };
  /** Tokens stored in the vocabulary section (whisper.cpp synthesizes the rest). */
  vocabTokens: number;
  /** Tensors stored in the file. */
  tensorCount: number;
  /** False for whisper.cpp's weightless test fixtures (header, mel filters and vocabulary only). */
  hasTensors: boolean;
}

/** Options for validateModelFile. */
export interface ValidateModelOptions {
  /**
   * Size the file must have. Left out: the registry size when the file is named `ggml-<known
   * name>.bin`. null: no size check. Weightless test fixtures are never size-checked.
   */
  expectedBytes?: number | null;
  /** Registry used to recognise file names; defaults to MODEL_REGISTRY. */
  registry?: readonly ModelEntry[];
}

const MAX_TOKEN_BYTES = 1024;

interface WalkState {
  /** Where in the file the walk is, for "truncated inside ..." messages. */
  where: string;
}

/** Dimensions padded with 1s to four, as ggml compares them ([384] equals [384, 1]). */
function paddedShape(shape: number[]): string {
  return [...shape, 1, 1, 1, 1].slice(0, 4).join(",");
}

async function readMelFilters(reader: BinaryFileReader): Promise<{ nMel: number; nFft: number }> {
  const nMel = await reader.int32();
  const nFft = await reader.int32();
  if (nMel < 1 || nMel > 512 || nFft < 1 || nFft > 4096) {
    throw new ModelFormatError(`implausible mel filter shape ${nMel} x ${nFft}`);
  }
  reader.skip(nMel * nFft * 4);
  return { nMel, nFft };
}

async function readVocabulary(
  reader: BinaryFileReader,
  hp: GgmlHparams,
  state: WalkState,
): Promise<number> {
  state.where = "the vocabulary size";
  const count = await reader.int32();
  if (count < 1 || count > hp.n_vocab) {
    throw new ModelFormatError(`implausible vocabulary size ${count} (header says ${hp.n_vocab})`);
  }
  // Read before every model load: the tokens come from the window as it stands (no promise and
  // no message per token), and where the walk stopped is named only when it fails.
  let i = 0;
  try {
    for (; i < count; i++) {
      const length = reader.bufferedUint32() ?? (await reader.uint32());
      if (length > MAX_TOKEN_BYTES) {
        throw new ModelFormatError(`implausible vocabulary: token ${i} is ${length} bytes long`);
      }
      reader.skip(length);
    }
  } catch (error) {
    state.where = `the vocabulary (token ${i} of ${count})`;
    throw error;
  }
  return count;
}

async function readTensors(
  reader: BinaryFileReader,
  hp: GgmlHparams,
  state: WalkState,
): Promise<number> {
  const specs = new Map<string, TensorSpec>(whisperTensorSpecs(hp).map((s) => [s.name, s]));
  const weightType = weightTypeForFtype(hp.ftype) ?? 1;
  const seen = new Set<string>();
  while (reader.remaining > 0) {
    const index = seen.size + 1;
    state.where = `the header of tensor ${index} of ${specs.size}`;
    const nDims = await reader.int32();
    const nameLength = await reader.int32();
    const ttype = await reader.int32();
    if (nDims < 1 || nDims > 4 || nameLength < 1 || nameLength > 256) {
      throw new ModelFormatError(`implausible header for tensor ${index} at offset ${reader.position - 12}`);
    }
    const shape: number[] = [];
    for (let d = 0; d < nDims; d++) shape.push(await reader.int32());
    const name = (await reader.bytes(nameLength)).toString("utf8");
    const spec = specs.get(name);
    if (!spec) throw new ModelFormatError(`unexpected tensor "${name}"`);
    if (seen.has(name)) throw new ModelFormatError(`tensor "${name}" appears twice`);
    if (paddedShape(shape) !== paddedShape(spec.shape)) {
      throw new ModelFormatError(
        `tensor "${name}" has shape [${shape.join(", ")}], expected [${spec.shape.join(", ")}]`,
      );
    }
    const elements = shape.reduce((a, b) => a * b, 1);
    const bytes = tensorDataBytes(ttype, elements);
    if (bytes === null) {
      throw new ModelFormatError(`tensor "${name}" uses ggml type ${ttype}, which is not supported`);
    }
    const expectedType = tensorTypeFor(spec.kind, weightType);
    if (bytes !== tensorDataBytes(expectedType, elements)) {
      throw new ModelFormatError(
        `tensor "${name}" is stored as ${tensorTypeName(ttype)}, expected ${tensorTypeName(expectedType)}`,
      );
    }
    state.where = `tensor "${name}" (${index} of ${specs.size})`;
    reader.skip(bytes);
    seen.add(name);
  }
  if (seen.size > 0 && seen.size < specs.size) {
    const missing = [...specs.keys()].find((name) => !seen.has(name));
    throw new ModelFormatError(
      `the file is truncated or incomplete: it has ${seen.size} of ${specs.size} tensors (missing "${missing}")`,
    );
  }
  return seen.size;
}

function expectedSize(path: string, options: ValidateModelOptions): number | null {
  if (options.expectedBytes !== undefined) return options.expectedBytes;
  const entry = findModelByFileName(basename(path), options.registry ?? MODEL_REGISTRY);
  return entry ? entry.sizeBytes : null;
}

function invalid(path: string, reason: string, registry: readonly ModelEntry[]): EngineError {
  const entry = findModelByFileName(basename(path), registry);
  const advice = entry
    ? `Delete it and download it again with ${downloadCommands(entry.name)}.`
    : "Check that it is a whisper.cpp ggml-*.bin model and that it was downloaded completely.";
  // The bare reason travels as the cause, so callers (the downloader) can word their own message.
  return new EngineError(
    "MODEL_INVALID",
    `${path} is not a valid whisper.cpp model: ${reason}. ${advice}`,
    { cause: new ModelFormatError(reason) },
  );
}

/** Checks a whisper.cpp GGML model file by reading its header, vocabulary and tensor headers only. */
export async function validateModelFile(
  path: string,
  options: ValidateModelOptions = {},
): Promise<ModelInfo> {
  const registry = options.registry ?? MODEL_REGISTRY;
  let file: FileHandle;
  try {
    file = await open(path, "r");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") {
      throw new EngineError("MODEL_NOT_FOUND", `No model file at ${path}.`, { cause: error });
    }
    throw invalid(path, `it cannot be opened (${code ?? String(error)})`, registry);
  }
  const state: WalkState = { where: "the header" };
  try {
    const stat = await file.stat();
    if (!stat.isFile()) throw new ModelFormatError("it is not a regular file");
    if (stat.size === 0) throw new ModelFormatError("the file is empty");
    const reader = new BinaryFileReader(file, stat.size);
    await readMagic(reader);
    const hparams = await readHparams(reader);
    const sizeClass = inferSizeClass(hparams);
    state.where = "the mel filters";
    const melFilters = await readMelFilters(reader);
    const vocabTokens = await readVocabulary(reader, hparams, state);
    const tensorCount = await readTensors(reader, hparams, state);
    const expected = tensorCount > 0 ? expectedSize(path, options) : null;
    if (expected !== null && stat.size !== expected) {
      throw new ModelFormatError(
        `it is ${stat.size} bytes, but the published ${basename(path)} is ${expected} bytes (a different or damaged file)`,
      );
    }
    return {
      path,
      sizeBytes: stat.size,
      hparams,
      sizeClass,
      multilingual: hparams.n_vocab >= 51865,
      weightType: tensorTypeName(weightTypeForFtype(hparams.ftype) ?? -1) ?? "unknown",
      quantizationVersion: Math.floor(hparams.ftype / GGML_QNT_VERSION_FACTOR),
      melFilters,
      vocabTokens,
      tensorCount,
      hasTensors: tensorCount > 0,
    };
  } catch (error) {
    if (error instanceof EndOfFileError) {
      throw invalid(path, `the file is truncated: it ends inside ${state.where}`, registry);
    }
    if (error instanceof ModelFormatError) throw invalid(path, error.message, registry);
    throw error;
  } finally {
    await file.close();
  }
}
