// The worker thread unpackArchive starts: unpacks one archive and says how it went.
import { parentPort, workerData } from "node:worker_threads";

import {
  unpackTarBz2,
  UnsafeArchiveError,
  type UnpackLimits,
  type UnpackReply,
} from "./unpack-archive.js";

const { archive, into, limits } = workerData as {
  archive: string;
  into: string;
  limits: UnpackLimits;
};

unpackTarBz2(archive, into, limits).then(
  (unpacked) => parentPort?.postMessage({ ok: true, ...unpacked } satisfies UnpackReply),
  (error: unknown) =>
    parentPort?.postMessage({
      ok: false,
      unsafe: error instanceof UnsafeArchiveError,
      message: error instanceof Error ? error.message : String(error),
    } satisfies UnpackReply),
);
