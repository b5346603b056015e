#!/usr/bin/env node
// The `verbatim` command: runs the compiled CLI (build it with `npm run build`).

// Ctrl+C while the CLI is still loading (a second or more on a busy machine) ends it as any
// interrupted command ends: exit code 130, no stack. Once a command runs, its own handler stops
// the work cleanly and this one stands aside (it acts only when it is the only listener).
process.on("SIGINT", () => {
  if (process.listenerCount("SIGINT") === 1) process.exit(130);
});

import("../dist/cli/main.js").catch((error) => {
  if (error && error.code === "ERR_MODULE_NOT_FOUND") {
    console.error('verbatim: not built yet: run "npm run build" in the repository first.');
  } else {
    console.error(`verbatim: ${error && error.message ? error.message : error}`);
  }
  process.exit(1);
});
