import { paths } from "../app/paths";

/**
 * The pages rendered to HTML at build time, in both languages (a visitor's first view, before
 * JavaScript): marketing, pricing, FAQ, about, contact, legal, and the 404 page (rendered from a
 * path no route has). Sign-in forms, the developers page (its examples name the browser's own
 * origin) and the app itself are left to the client.
 */
export const PRERENDERED_PATHS = [
  paths.home,
  paths.product,
  paths.features,
  paths.pricing,
  paths.faq,
  paths.about,
  paths.contact,
  paths.privacy,
  paths.terms,
  paths.cookies,
] as const;

/** What the 404 page is rendered from. */
export const NOT_FOUND_SAMPLE = "/__not-found__";

/** The file a prerendered page is written to, under dist/prerendered/<language>/. */
export function prerenderedFileName(path: string): string {
  return path === "/" ? "index.html" : `${path.slice(1)}.html`;
}
