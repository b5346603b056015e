import type { FastifyInstance, FastifyRequest } from "fastify";
import { fail } from "../http/app-error.js";
import { bearerToken, sessionCookie } from "./require-user.js";

/** Methods that only read: a cross-site link or image may send them (SameSite=Lax lets GET). */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a browser says the request was started by another site's page: `Sec-Fetch-Site`
 * (every current browser sends it) other than same-origin or none (typed into the address
 * bar, a bookmark), else an `Origin` that is neither PUBLIC_URL's nor the request's own
 * (scheme and host, as TRUST_PROXY lets the proxy say them). Neither header: not a browser
 * of this decade, or not a browser (curl, scripts), which sends no one's cookie but its own.
 */
export function isCrossSite(request: FastifyRequest, publicOrigin: string): boolean {
  const fetchSite = request.headers["sec-fetch-site"];
  if (typeof fetchSite === "string") return fetchSite !== "same-origin" && fetchSite !== "none";
  const origin = request.headers.origin;
  if (typeof origin !== "string") return false;
  return origin !== publicOrigin && origin !== `${request.protocol}://${request.host}`;
}

/**
 * Cross-site request forgery: a page on another site (a sibling subdomain too, which
 * SameSite=Lax counts as the same site) cannot make a signed-in browser change anything. A
 * request under /api that would sign in with the session cookie (no Bearer token) and is not
 * a read is refused with 403 CROSS_SITE_REQUEST when it comes from another origin. Bearer
 * tokens, API keys (/v1) and webhooks carry no cookie and are not concerned.
 */
export function registerCrossSiteCheck(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method) || !routedPath(request).startsWith("/api/")) return;
    if (bearerToken(request) || !sessionCookie(request)) return;
    if (!isCrossSite(request, publicOrigin)) return;
    fail("CROSS_SITE_REQUEST");
  });
}

/**
 * The path Fastify routes the request on: the matched route's own pattern, so every spelling
 * that reaches a route is judged as that route (`/%61pi/keys` is routed to `/api/keys`, which
 * the raw URL does not start with). A request no route takes is judged on its decoded path.
 */
function routedPath(request: FastifyRequest): string {
  const routed = request.routeOptions.url;
  if (routed !== undefined) return routed;
  try {
    return decodeURIComponent(request.url);
  } catch {
    return request.url;
  }
}
