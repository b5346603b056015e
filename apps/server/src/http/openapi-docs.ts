import type { SwaggerTransformObject } from "@fastify/swagger";
import {
  AcceptedResponse,
  ActiveSubscription,
  AdminUser,
  ApiKeyListing,
  ChunkResponse,
  ContactBody,
  CreateApiKeyBody,
  CreatedApiKey,
  DiarizedTranscription,
  ErrorResponse,
  HealthResponse,
  JsonExport,
  JsonTranscription,
  LoginBody,
  LoginResponse,
  ModelListing,
  OkResponse,
  OpenAIErrorResponse,
  OpenAIModel,
  OpenAIModelList,
  RegisterBody,
  SessionResponse,
  Subtitle,
  TranscriptionDetail,
  TranscriptionSummary,
  UpdateBody,
  UpgradeQuote,
  UsageResponse,
  UserResponse,
  VerboseTranscription,
  Voice,
} from "@verbatim/contract/api";
import type { FastifyInstance, FastifySchemaCompiler } from "fastify";
import { jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";

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

/**
 * The contract's schemas that the OpenAPI document names (components/schemas, referenced by
 * $ref), so that generated clients get types such as `TranscriptionDetail`. A schema read as a
 * request body is named with `Input` after it (fastify-type-provider-zod's convention); only
 * bodies without defaults are named: openapi-typescript makes a named schema's fields that have
 * a default required (it cannot tell a request's from a response's), which an inline body escapes.
 */
const NAMED_SCHEMAS: Record<string, z.ZodType> = {
  ErrorResponse,
  OkResponse,
  Subtitle,
  TranscriptionSummary,
  TranscriptionDetail,
  JsonExport,
  TranscriptionUpdate: UpdateBody,
  ModelListing,
  UserResponse,
  HealthResponse,
  AcceptedResponse,
  ChunkResponse,
  Registration: RegisterBody,
  Login: LoginBody,
  LoginResponse,
  SessionResponse,
  ApiKeyListing,
  CreatedApiKey,
  ApiKeyCreation: CreateApiKeyBody,
  Voice,
  OpenAIErrorResponse,
  JsonTranscription,
  VerboseTranscription,
  DiarizedTranscription,
  OpenAIModel,
  OpenAIModelList,
  UsageResponse,
  AdminUser,
  ActiveSubscription,
  UpgradeQuote,
  ContactMessage: ContactBody,
};

/**
 * Gives the named schemas their ids in zod's global registry, where fastify-type-provider-zod
 * looks for them (and for every schema's description and format, so it has to be that one);
 * again for each app, harmlessly.
 */
export function nameSchemas(): void {
  for (const [id, schema] of Object.entries(NAMED_SCHEMAS)) {
    z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
  }
}

/**
 * Completes the document: the named schemas as components, less those that nothing refers to
 * (each name is made for both requests and responses, `X` and `XInput`, and most are only one).
 */
export const addNamedSchemas: SwaggerTransformObject = (document) => {
  // An OpenAPI 3 document (the app registers `openapi`, not `swagger`).
  const complete = jsonSchemaTransformObject(document) as {
    paths?: unknown;
    components?: { schemas?: Record<string, unknown> };
  };
  const schemas = complete.components?.schemas ?? {};
  const referenced = (value: unknown) =>
    [...(JSON.stringify(value) ?? "").matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map(
      (m) => m[1]!,
    );
  const kept = new Set(referenced(complete.paths));
  for (let more = [...kept]; more.length > 0;) {
    more = more.flatMap((name) => referenced(schemas[name])).filter((name) => !kept.has(name));
    for (const name of more) kept.add(name);
  }
  const used = Object.fromEntries(Object.entries(schemas).filter(([name]) => kept.has(name)));
  return withNullsAndEmptyAnswers({
    ...complete,
    components: { ...complete.components, schemas: used },
  }) as ReturnType<typeof jsonSchemaTransformObject>;
};

/**
 * Two things the schema conversion gets wrong, put right in the finished document: a nullable
 * enum (`mediaGone`) must list `null` among its values (OpenAPI 3.0: `nullable` does not widen
 * an `enum`, so validators and generated clients refuse the null the server sends), and a 204
 * answer has no body, so it declares no content (the conversion gave `z.null()` a JSON one).
 */
function withNullsAndEmptyAnswers<Document extends { paths?: unknown }>(
  document: Document,
): Document {
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (typeof value !== "object" || value === null) return;
    const node = value as Record<string, unknown>;
    if (node.nullable === true && Array.isArray(node.enum) && !node.enum.includes(null)) {
      node.enum = [...(node.enum as unknown[]), null];
    }
    for (const child of Object.values(node)) visit(child);
  };
  const copy = structuredClone(document);
  visit(copy);
  const paths = (copy.paths ?? {}) as Record<string, Record<string, { responses?: unknown }>>;
  for (const operation of Object.values(paths).flatMap((methods) => Object.values(methods))) {
    const noContent = (operation.responses as Record<string, { content?: unknown }> | undefined)?.[
      "204"
    ];
    if (noContent) delete noContent.content;
  }
  return copy;
}
