import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { defaultClientConditions, defineConfig, type Plugin } from "vite";
import { precompress } from "./build-plugins/precompress";
import { PREACT_ALIASES } from "./build-plugins/preact-aliases";
import { prerender } from "./build-plugins/prerender";
import { SPA_ROUTE_PATTERNS } from "./src/app/paths";

/** Writes the app's route patterns next to the build, so the server answers 404 for others. */
function routeManifest(): Plugin {
  return {
    name: "verbatim-route-manifest",
    apply: "build",
    writeBundle(options) {
      const dir = options.dir ?? resolve(import.meta.dirname, "dist");
      writeFileSync(resolve(dir, "spa-routes.json"), JSON.stringify(SPA_ROUTE_PATTERNS));
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  // Prerendering writes HTML that precompression then compresses: in this order.
  plugins: [react(), tailwindcss(), routeManifest(), prerender(), precompress()],
  // Workspace packages (@verbatim/subtitles) are bundled from their TypeScript sources.
  resolve: { conditions: ["source", ...defaultClientConditions], alias: PREACT_ALIASES },
  // No source maps in the build: the server would publish them with the app's sources.
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false },
  server: { proxy: { "/api": "http://localhost:3000" } },
});
