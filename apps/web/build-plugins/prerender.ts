import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin } from "vite";
import { PREACT_ALIASES } from "./preact-aliases";
import {
  NOT_FOUND_SAMPLE,
  PRERENDERED_PATHS,
  prerenderedFileName,
} from "../src/prerender/public-pages";

type Language = "en" | "zh-HK";
const LANGUAGES: readonly Language[] = ["en", "zh-HK"];
const OG_LOCALE: Record<Language, string> = { en: "en_US", "zh-HK": "zh_HK" };
/** Replaced by the server with PUBLIC_URL (absolute canonical and hreflang links). */
export const ORIGIN_PLACEHOLDER = "%VERBATIM_ORIGIN%";

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

/** The page's own URL in a language: English plain, Chinese with ?lang=zh-HK. */
function urlOf(path: string, language: Language): string {
  return `${ORIGIN_PLACEHOLDER}${path}${language === "en" ? "" : "?lang=zh-HK"}`;
}

/** The head of a prerendered page: language, title, description, canonical, hreflang, Open Graph. */
function head(path: string | null, language: Language, body: string, appName: string): string {
  const h1 = textOf(body.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1] ?? appName);
  const afterH1 = body.slice(body.indexOf("</h1>"));
  const paragraph = textOf(afterH1.match(/<p[^>]*>([\s\S]*?)<\/p>/)?.[1] ?? "");
  const title = path === "/" ? `${appName}: ${h1}` : `${h1} | ${appName}`;
  const description = paragraph.length > 160 ? `${paragraph.slice(0, 157)}…` : paragraph;
  const tags = [
    `<title>${escape(title)}</title>`,
    `<meta name="description" content="${escape(description)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escape(appName)}" />`,
    `<meta property="og:title" content="${escape(title)}" />`,
    `<meta property="og:description" content="${escape(description)}" />`,
    `<meta property="og:locale" content="${OG_LOCALE[language]}" />`,
    `<meta property="og:image" content="${ORIGIN_PLACEHOLDER}/favicon.svg" />`,
  ];
  if (path !== null) {
    tags.push(
      `<link rel="canonical" href="${urlOf(path, language)}" />`,
      `<meta property="og:url" content="${urlOf(path, language)}" />`,
      ...LANGUAGES.map(
        (other) => `<link rel="alternate" hreflang="${other}" href="${urlOf(path, other)}" />`,
      ),
      `<link rel="alternate" hreflang="x-default" href="${urlOf(path, "en")}" />`,
    );
  } else {
    tags.push(`<meta name="robots" content="noindex" />`);
  }
  return tags.join("\n    ");
}

/**
 * Puts the app's stylesheet into the page itself: a prerendered page can then paint as soon as
 * its HTML has arrived, one round trip before a linked stylesheet would let it (and before the
 * scripts run: the browser otherwise often runs them first, delaying the first paint by the
 * whole hydration). The stylesheet is small (under 10 kB compressed); the app's own pages keep
 * the cached link.
 */
function inlineStylesheet(html: string, dist: string): string {
  const link = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/.exec(html);
  if (!link) throw new Error("prerender: index.html links no stylesheet to inline");
  const css = readFileSync(join(dist, link[1]!), "utf8");
  if (css.includes("</")) throw new Error("prerender: the stylesheet cannot be inlined safely");
  return html.replace(link[0], () => `<style>${css}</style>`);
}

/**
 * Renders the public pages to HTML after the client build, in both languages, into
 * dist/prerendered/<language>/ (and the 404 page as 404.html there), from the built index.html
 * so they load the same hashed scripts and hydrate. The server picks one by language.
 */
export function prerender(): Plugin {
  return {
    name: "verbatim-prerender",
    apply: "build",
    enforce: "post",
    closeBundle: {
      order: "post",
      sequential: true,
      async handler() {
        const root = join(import.meta.dirname, "..");
        const dist = join(root, "dist");
        const ssrOut = join(root, ".cache", "prerender");
        await build({
          root,
          configFile: false,
          logLevel: "warn",
          resolve: { conditions: ["source"], alias: PREACT_ALIASES },
          // Bundled, not imported from node_modules at run time: the libraries' own imports of
          // React must reach the aliases too.
          ssr: {
            noExternal: true,
            resolve: { conditions: ["source"], externalConditions: ["source"] },
          },
          build: {
            ssr: join(root, "src/prerender/entry-server.tsx"),
            outDir: ssrOut,
            emptyOutDir: true,
            sourcemap: false,
          },
        });
        // The app reads the browser's storage as it starts; a visitor's is empty.
        const memory = new Map<string, string>();
        Object.assign(globalThis, {
          localStorage: {
            getItem: (key: string) => memory.get(key) ?? null,
            setItem: (key: string, value: string) => void memory.set(key, value),
            removeItem: (key: string) => void memory.delete(key),
          },
        });
        const entry = (await import(pathToFileURL(join(ssrOut, "entry-server.js")).href)) as {
          renderPage(path: string, language: Language): Promise<string>;
        };
        const template = inlineStylesheet(readFileSync(join(dist, "index.html"), "utf8"), dist);
        rmSync(join(dist, "prerendered"), { recursive: true, force: true });
        for (const language of LANGUAGES) {
          const dir = join(dist, "prerendered", language);
          mkdirSync(dir, { recursive: true });
          const pages: [string | null, string, string][] = [
            ...PRERENDERED_PATHS.map((path): [string, string, string] => [
              path,
              path,
              prerenderedFileName(path),
            ]),
            [null, NOT_FOUND_SAMPLE, "404.html"],
          ];
          for (const [path, renderPath, fileName] of pages) {
            const body = await entry.renderPage(renderPath, language);
            const html = template
              .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
              .replace(/\s*<meta\s+name="description"[^>]*>/, "")
              .replace(/<title>[^<]*<\/title>/, head(path, language, body, "Verbatim"))
              .replace(
                '<div id="root"></div>',
                `<div id="root" data-prerendered="${language}">${body}</div>`,
              );
            writeFileSync(join(dir, fileName), html);
          }
        }
        writeFileSync(
          join(dist, "prerendered", "pages.json"),
          JSON.stringify({ languages: LANGUAGES, paths: PRERENDERED_PATHS, notFound: "404.html" }),
        );
        rmSync(ssrOut, { recursive: true, force: true });
      },
    },
  };
}
