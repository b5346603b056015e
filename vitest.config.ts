import react from "@vitejs/plugin-react";
import { defaultClientConditions } from "vite";
import { defineConfig } from "vitest/config";
import { PREACT_ALIASES, REACT_LIBRARIES } from "./apps/web/build-plugins/preact-aliases.js";

// Workspace packages export their TypeScript sources under the "source" condition; tests run
// against sources (Vitest 4 needs the condition for SSR resolution too), never stale builds.
const sources = {
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source"], externalConditions: ["source"] } },
};

// Projects do not inherit the root's test options, so each gets them.
const timeouts = { testTimeout: 60_000, hookTimeout: 120_000 };

// The speech engine (niceness 10) yields to the web server in production. On a test machine the
// test files' own browsers and servers keep every core busy, and yielding starved the very work
// the tests wait on: here it runs at normal priority (renders too: fastEngineEnv).
// engine-priority.test.ts checks the production niceness.
const atNormalPriority = { ENGINE_NICENESS: "0" };

export default defineConfig({
  test: {
    pool: "forks",
    projects: [
      {
        ...sources,
        test: {
          ...timeouts,
          name: "node",
          env: atNormalPriority,
          // One module registry per worker, not per file: each file's servers, engines and
          // databases are its own (started and stopped by the file), but the server's and the
          // packages' modules load once per worker — a fresh registry per file spent ~3 s of a
          // core loading them again (node's import time 417 s -> 20 s on the whole suite).
          isolate: false,
          // Three files at a time, with the browser tests, on two cores: most of a file's time is
          // spent waiting on a server, a child process or the disk (two at a time left a core
          // idle about half the run); the servers' engines run one thread each (fastEngineEnv),
          // so three files never ask for much more than the machine has for long. Projects of
          // one group must name the same count.
          sequence: { groupOrder: 1 },
          maxWorkers: 3,
          include: ["packages/*/test/**/*.test.ts", "apps/server/test/**/*.test.ts"],
          environment: "node",
          globalSetup: ["scripts/vitest-global-setup.ts"], // builds what child processes run
        },
      },
      {
        ...sources,
        test: {
          ...timeouts,
          // The fast tier (`npm run test:fast`): the unit tests beside the code they test — pure
          // functions and rules, no PostgreSQL, Redis, Chromium, speech engine or build.
          name: "unit",
          isolate: false, // pure functions: nothing a file leaves behind touches the next
          sequence: { groupOrder: 0 },
          maxWorkers: 2,
          include: ["packages/*/src/**/*.test.ts", "apps/server/src/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        plugins: [react()],
        // The web app's tests, too, import workspace packages from their sources.
        resolve: { conditions: ["source", ...defaultClientConditions], alias: PREACT_ALIASES },
        test: {
          testTimeout: 20_000,
          name: "web",
          // First, and two files at a time: jsdom tests only use the CPU (no speech engine,
          // whose threads would fight another file's), so they share the machine well.
          sequence: { groupOrder: 0 },
          // One worker's modules serve all its files: a fresh process per file spent most of the
          // project's CPU importing React, the app and jsdom again (72 s -> 24 s for the project
          // on 2 cores). Each test unmounts what it rendered; module-wide state a test changes
          // is put back in test/setup.ts. Passed with files and tests shuffled, one worker or two.
          isolate: false,
          maxWorkers: 2,
          include: ["apps/web/{src,test}/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["apps/web/test/setup.ts"],
          // Libraries that import React go through Vite with the aliases applied (Node would load
          // React for them), bundled where they are CommonJS, so that they, too, run on Preact as
          // in the built app.
          server: { deps: { inline: true } },
          deps: { optimizer: { client: { enabled: true, include: REACT_LIBRARIES } } },
        },
      },
      {
        ...sources,
        test: {
          ...timeouts,
          name: "e2e",
          env: atNormalPriority,
          isolate: false, // as the node tests: each file starts and stops its own server and browser
          // In the node tests' group: three files at a time across both projects.
          sequence: { groupOrder: 1 },
          maxWorkers: 3,
          include: ["apps/web/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["scripts/vitest-global-setup.ts"], // and the web app the browser loads
        },
      },
    ],
  },
});
