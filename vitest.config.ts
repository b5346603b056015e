import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    // Workspace packages export their TypeScript sources under the "source" condition.
    conditions: ["source"],
  },
  test: {
    include: ["packages/*/src/**/*.test.ts", "packages/*/test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
