import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { htmlDocument } from "./html-document.js";
import { prerenderedPages } from "./prerendered-pages.js";

/** Turns the app's route patterns (`/checkout/:planType`) into matchers. */
function routeMatchers(webDir: string): RegExp[] {
  const patterns = JSON.parse(readFileSync(join(webDir, "spa-routes.json"), "utf8")) as string[];
  return patterns.map(
    (pattern) => new RegExp(`^${pattern.replace(/:[^/]+/g, "[^/]+").replace(/\/$/, "")}/?$`),
  );
}

/**
 * Serves the built web app: hashed assets cached for a year, and index.html (never cached) for
 * the app's routes, with 200 for a known route and 404 for any other path, where the app shows
 * its 404 page. API paths keep the API's JSON 404. Returns a not-found handler for the rest,
 * or undefined when the app is not built (the API still runs; the log says how to build it).
 */
export async function serveWebApp(
  app: FastifyInstance,
  webDir: string,
  publicUrl = "",
): Promise<
  ((request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined) | undefined
> {
  const indexPath = join(webDir, "index.html");
  if (!existsSync(indexPath) || !existsSync(join(webDir, "spa-routes.json"))) {
    app.log.warn(`web app not built (no ${indexPath}): run npm run build; the API runs without it`);
    return undefined;
  }
  const routes = routeMatchers(webDir);
  const prerendered = prerenderedPages(webDir, publicUrl);
  await app.register(fastifyStatic, {
    root: webDir,
    index: false,
    wildcard: true,
    // Brotli or gzip copies written at build time, for clients that accept them (Vary set).
    preCompressed: true,
    // Folders (the root included) are not listed: they fall through to the app's index.html.
    // Source maps are never published, even from a build that made them.
    allowedPath: (path) => !path.endsWith("/") && !path.endsWith(".map"),
    setHeaders(reply, path) {
      void reply.header(
        "cache-control",
        path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
      );
    },
  });
  return (request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    if ((request.method !== "GET" && request.method !== "HEAD") || path.startsWith("/api/")) {
      return undefined;
    }
    const known = routes.some((route) => route.test(path));
    const page = prerendered(request, path, known);
    if (page) {
      if (page.encoding) void reply.header("content-encoding", page.encoding);
      return reply
        .status(known ? 200 : 404)
        .header("cache-control", "no-cache")
        .header("vary", "accept-encoding, cookie")
        .header("content-language", page.language)
        .type("text/html; charset=utf-8")
        .send(page.body);
    }
    const html = htmlDocument(indexPath, request.headers["accept-encoding"]);
    if (html.encoding) void reply.header("content-encoding", html.encoding);
    if (path.startsWith("/s/")) {
      // A share link's page: never indexed, and its address (the token) never sent onwards.
      void reply
        .header("x-robots-tag", "noindex, nofollow")
        .header("referrer-policy", "no-referrer");
    }
    return reply
      .status(known ? 200 : 404)
      .header("cache-control", "no-cache")
      .header("vary", "accept-encoding")
      .type("text/html; charset=utf-8")
      .send(html.body);
  };
}
