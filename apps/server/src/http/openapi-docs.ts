import type { FastifyInstance, FastifySchemaCompiler } from "fastify";

/**
 * For routes that read a multipart body themselves: the body schema is there for the OpenAPI
 * document (its fields, the file as binary), and nothing is validated against it.
 */
export const documentOnly: FastifySchemaCompiler<unknown> = () => (data) => ({ value: data });

/**
 * Gives every documented route an operationId (what generated clients name their methods):
 * its own when it sets one, else one made from the method and path, such as
 * `getApiTranscriptionsByIdExport`. Register before the routes.
 */
export function nameOperations(app: FastifyInstance): void {
  app.addHook("onRoute", (route) => {
    if (!route.schema || route.schema.operationId !== undefined) return;
    const method = (Array.isArray(route.method) ? route.method[0] : route.method) ?? "get";
    route.schema = { ...route.schema, operationId: operationIdFor(method, route.url) };
  });
}

/** `GET /api/transcriptions/:id/events` → `getApiTranscriptionsByIdEvents`. */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .split("/")
    .filter(Boolean)
    .map((part) => (part.startsWith(":") ? `by-${part.slice(1)}` : part))
    .flatMap((part) => part.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join("");
}
