// The whisper.cpp GGML models published at huggingface.co/ggerganov/whisper.cpp.
// Sizes and SHA-256 values are the Git LFS object ids and sizes that Hugging Face reports for
// each file (repository revision 5359861c739e955e79d9a303bcbc70fb988958b1). The SHA-1 column in
// whisper.cpp's models/README.md covers only 16 of these files, so SHA-256 is used throughout.

/** A published checksum of a model file. */
export interface Checksum {
  /** Hash algorithm, as accepted by node:crypto createHash. */
  algorithm: "sha1" | "sha256";
  /** Lower-case hex digest. */
  value: string;
}

/** The architecture size a model belongs to. */
export type ModelSizeClass = "tiny" | "base" | "small" | "medium" | "large";

/** A file the download code can fetch: whisper.cpp models and diarization models alike. */
export interface DownloadableFile {
  /** Registry name, e.g. `base`, `small.en`, `pyannote-segmentation-3.0`. */
  name: string;
  /** File name in the models folder, and on a mirror (VERBATIM_MODEL_BASE_URL). */
  fileName: string;
  /** Exact size in bytes of the published file. */
  sizeBytes: number;
  /** Checksum of the published file; null when none is known (then only size and header are checked). */
  checksum: Checksum | null;
  /** Public download URL. */
  url: string;
}

/** One downloadable whisper.cpp model. */
export interface ModelEntry extends DownloadableFile {
  /** File name on disk and on the server: `ggml-<name>.bin`. */
  fileName: string;
  /** False for the English-only `.en` models. */
  multilingual: boolean;
  /** Architecture size. */
  sizeClass: ModelSizeClass;
  /** Quantization of the weight matrices (`q5_0`, `q5_1`, `q8_0`), or null for f16. */
  quantization: string | null;
}

/** Hugging Face, where the models this product uses are published. */
export const DEFAULT_HUGGING_FACE = "https://huggingface.co";

/** Where whisper.cpp's converted models are published. */
export const DEFAULT_MODEL_BASE_URL = `${DEFAULT_HUGGING_FACE}/ggerganov/whisper.cpp/resolve/main`;

/** Environment variable that points downloads at another server (a mirror, or a test server). */
export const MODEL_BASE_URL_ENV = "VERBATIM_MODEL_BASE_URL";

/** The model names the product suggests: quick drafts and careful transcripts. */
export const DEFAULT_MODELS = { fast: "base", accurate: "small" } as const;

// name, exact bytes, SHA-256 (Hugging Face LFS oid)
const PUBLISHED: ReadonlyArray<readonly [string, number, string]> = [
  ["tiny", 77_691_713, "be07e048e1e599ad46341c8d2a135645097a538221678b7acdd1b1919c6e1b21"],
  ["tiny.en", 77_704_715, "921e4cf8686fdd993dcd081a5da5b6c365bfde1162e72b08d75ac75289920b1f"],
  ["tiny-q5_1", 32_152_673, "818710568da3ca15689e31a743197b520007872ff9576237bda97bd1b469c3d7"],
  ["tiny.en-q5_1", 32_166_155, "c77c5766f1cef09b6b7d47f21b546cbddd4157886b3b5d6d4f709e91e66c7c2b"],
  ["tiny-q8_0", 43_537_433, "c2085835d3f50733e2ff6e4b41ae8a2b8d8110461e18821b09a15c40c42d1cca"],
  ["tiny.en-q8_0", 43_550_795, "5bc2b3860aa151a4c6e7bb095e1fcce7cf12c7b020ca08dcec0c6d018bb7dd94"],
  ["base", 147_951_465, "60ed5bc3dd14eea856493d334349b405782ddcaf0028d4b5df4088345fba2efe"],
  ["base.en", 147_964_211, "a03779c86df3323075f5e796cb2ce5029f00ec8869eee3fdfb897afe36c6d002"],
  ["base-q5_1", 59_707_625, "422f1ae452ade6f30a004d7e5c6a43195e4433bc370bf23fac9cc591f01a8898"],
  ["base.en-q5_1", 59_721_011, "4baf70dd0d7c4247ba2b81fafd9c01005ac77c2f9ef064e00dcf195d0e2fdd2f"],
  ["base-q8_0", 81_768_585, "c577b9a86e7e048a0b7eada054f4dd79a56bbfa911fbdacf900ac5b567cbb7d9"],
  ["base.en-q8_0", 81_781_811, "a4d4a0768075e13cfd7e19df3ae2dbc4a68d37d36a7dad45e8410c9a34f8c87e"],
  ["small", 487_601_967, "1be3a9b2063867b937e64e2ec7483364a79917e157fa98c5d94b5c1fffea987b"],
  ["small.en", 487_614_201, "c6138d6d58ecc8322097e0f987c32f1be8bb0a18532a3f88f734d1bbf9c41e5d"],
  ["small-q5_1", 190_085_487, "ae85e4a935d7a567bd102fe55afc16bb595bdb618e11b2fc7591bc08120411bb"],
  ["small.en-q5_1", 190_098_681, "bfdff4894dcb76bbf647d56263ea2a96645423f1669176f4844a1bf8e478ad30"],
  ["small-q8_0", 264_464_607, "49c8fb02b65e6049d5fa6c04f81f53b867b5ec9540406812c643f177317f779f"],
  ["small.en-q8_0", 264_477_561, "67a179f608ea6114bd3fdb9060e762b588a3fb3bd00c4387971be4d177958067"],
  ["medium", 1_533_763_059, "6c14d5adee5f86394037b4e4e8b59f1673b6cee10e3cf0b11bbdbee79c156208"],
  ["medium.en", 1_533_774_781, "cc37e93478338ec7700281a7ac30a10128929eb8f427dda2e865faa8f6da4356"],
  ["medium-q5_0", 539_212_467, "19fea4b380c3a618ec4723c3eef2eb785ffba0d0538cf43f8f235e7b3b34220f"],
  ["medium.en-q5_0", 539_225_533, "76733e26ad8fe1c7a5bf7531a9d41917b2adc0f20f2e4f5531688a8c6cd88eb0"],
  ["medium-q8_0", 823_369_779, "42a1ffcbe4167d224232443396968db4d02d4e8e87e213d3ee2e03095dea6502"],
  ["medium.en-q8_0", 823_382_461, "43fa2cd084de5a04399a896a9a7a786064e221365c01700cea4666005218f11c"],
  ["large-v1", 3_094_623_691, "7d99f41a10525d0206bddadd86760181fa920438b6b33237e3118ff6c83bb53d"],
  ["large-v2", 3_094_623_691, "9a423fe4d40c82774b6af34115b8b935f34152246eb19e80e376071d3f999487"],
  ["large-v2-q5_0", 1_080_732_091, "3a214837221e4530dbc1fe8d734f302af393eb30bd0ed046042ebf4baf70f6f2"],
  ["large-v2-q8_0", 1_656_129_691, "fef54e6d898246a65c8285bfa83bd1807e27fadf54d5d4e81754c47634737e8c"],
  ["large-v3", 3_095_033_483, "64d182b440b98d5203c4f9bd541544d84c605196c4f7b845dfa11fb23594d1e2"],
  ["large-v3-q5_0", 1_081_140_203, "d75795ecff3f83b5faa89d1900604ad8c780abd5739fae406de19f23ecd98ad1"],
  ["large-v3-turbo", 1_624_555_275, "1fc70f774d38eb169993ac391eea357ef47c88757ef72ee5943879b7e8e2bc69"],
  [
    "large-v3-turbo-q5_0",
    574_041_195,
    "394221709cd5ad1f40c46e6031ca61bce88931e6e088c188294c6d5a55ffa7e2",
  ],
  [
    "large-v3-turbo-q8_0",
    874_188_075,
    "317eb69c11673c9de1e1f0d459b253999804ec71ac4c23c17ecf5fbe24e259a1",
  ],
];

/** The file name whisper.cpp uses for a model name: `ggml-<name>.bin`. */
export function modelFileName(name: string): string {
  return `ggml-${name}.bin`;
}

function describe(name: string, sizeBytes: number, sha256: string): ModelEntry {
  const fileName = modelFileName(name);
  return {
    name,
    fileName,
    sizeBytes,
    checksum: { algorithm: "sha256", value: sha256 },
    url: `${DEFAULT_MODEL_BASE_URL}/${fileName}`,
    multilingual: !name.includes(".en"),
    sizeClass: (name.match(/^[a-z]+/)?.[0] ?? "large") as ModelSizeClass,
    quantization: name.match(/-(q\d_\d)$/)?.[1] ?? null,
  };
}

/** Every known model, smallest architecture first. */
export const MODEL_REGISTRY: readonly ModelEntry[] = PUBLISHED.map(([name, bytes, sha256]) =>
  describe(name, bytes, sha256),
);

/** The registry entry for `name`, or undefined. */
export function findModel(
  name: string,
  registry: readonly ModelEntry[] = MODEL_REGISTRY,
): ModelEntry | undefined {
  return registry.find((entry) => entry.name === name);
}

/** The registry entry whose file name is `fileName` (`ggml-base.bin`), or undefined. */
export function findModelByFileName(
  fileName: string,
  registry: readonly ModelEntry[] = MODEL_REGISTRY,
): ModelEntry | undefined {
  return registry.find((entry) => entry.fileName === fileName);
}

/** Where to download `entry` from: `baseUrl`, else $VERBATIM_MODEL_BASE_URL, else the entry's URL. */
export function modelDownloadUrl(entry: DownloadableFile, baseUrl?: string): string {
  const base = baseUrl ?? process.env[MODEL_BASE_URL_ENV];
  return base ? `${base.replace(/\/+$/, "")}/${entry.fileName}` : entry.url;
}
