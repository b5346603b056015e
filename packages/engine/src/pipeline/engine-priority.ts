// Imported first by the engine process, for its side effect: the process lowers its own
// scheduling priority before anything else runs in it, so the threads and the ffmpeg decoder it
// starts later inherit it. A transcription then uses every idle core, but the server that
// spawned it (answering requests on the same machine) goes first.
import { setPriority } from "node:os";
import { engineNiceness } from "./engine-niceness.js";

const niceness = engineNiceness();
if (niceness > 0) {
  try {
    setPriority(niceness);
  } catch {
    // Not allowed here (a container without the capability): run at the normal priority.
  }
}
