// Entry of the child process that recognises live sessions: native code and the speech
// detector run here, so neither a crash nor a slow decode touches the API's event loop. Unlike
// the batch engine it keeps the normal priority: a live caption is late if it waits.
import { LiveSessions } from "./live-sessions.js";
import type { LiveEngineMessage, LiveParentMessage } from "./live-protocol.js";

const sessions = new LiveSessions((message: LiveEngineMessage) => {
  if (process.connected) process.send!(message);
});

// Nobody reads the text once the parent is gone.
process.once("disconnect", () => process.kill(process.pid, "SIGKILL"));
process.on("message", (message: LiveParentMessage) => sessions.handle(message));
