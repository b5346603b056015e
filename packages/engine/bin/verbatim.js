#!/usr/bin/env node
// The `verbatim` command: runs the compiled CLI (build it with `npm run build`).
import("../dist/cli/main.js").catch((error) => {
  if (error && error.code === "ERR_MODULE_NOT_FOUND") {
    console.error('verbatim: not built yet: run "npm run build" in the repository first.');
  } else {
    console.error(`verbatim: ${error && error.message ? error.message : error}`);
  }
  process.exit(1);
});
