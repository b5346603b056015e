// Entry of the child process that runs whisper: native code runs here, so a crash does not
// take the caller down. What it does with each job is in engine-jobs.ts.
// First: the process's lower priority, inherited by every thread and process it starts later.
import "./engine-priority.js";
import { describeEngine } from "../engine-info.js";
import { nativeAddon, nativeBuildInfo } from "../whisper/native-binding.js";
import { EngineJobs } from "./engine-jobs.js";
import type { EngineMessage, ParentMessage } from "./engine-protocol.js";

function send(message: EngineMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.connected) return resolve();
    process.send!(message, undefined, {}, () => resolve());
  });
}

const jobs = new EngineJobs(send);

// If the parent dies, nobody will read the result: stop at once rather than run on as an
// orphan. Not with process.exit: 'disconnect' arrives within milliseconds, but exit's teardown
// would wait for the whisper.cpp thread to finish its window. SIGKILL cannot wait; nothing is
// left to save (ffmpeg, writing into a closed pipe, stops by itself).
process.once("disconnect", () => process.kill(process.pid, "SIGKILL"));

process.on("message", (message: ParentMessage) => {
  switch (message.type) {
    case "start":
      jobs.start(message);
      return;
    case "cancel":
      jobs.cancel(message.jobId);
      return;
    case "info":
      try {
        void send({
          type: "info",
          info: describeEngine(nativeAddon().systemInfo(), nativeBuildInfo()),
        });
      } catch (error) {
        process.stderr.write(`verbatim: ${String(error)}\n`);
        process.disconnect();
      }
      return;
  }
});
