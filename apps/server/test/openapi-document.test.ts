import { writeFileSync } from "node:fs";
import { join } from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import { openApiProblems } from "../scripts/lint-openapi.js";
import { startTestApi, type TestApi } from "./support/auth-app.js";
import { signedInUser } from "./support/transcription-app.js";

// The served OpenAPI document is complete enough to build a client from: openapi-typescript
// generates types from it, a client using them for every route type-checks, and its calls
// reach every documented route.

interface Operation {
  operationId?: string;
  description?: string;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface Schema {
  type?: string | string[];
  format?: string;
  description?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  $ref?: string;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

const CLIENT = join(import.meta.dirname, "openapi-client", "call-every-route.ts");

/** What the client module exports (imported by path: the root type-check leaves it out). */
interface ClientModule {
  callEveryRoute(
    baseUrl: string,
    credentials: { token: string; apiKey: string },
  ): Promise<{ method: string; path: string; status: number; error: unknown }[]>;
}
const scratch = scratchDir("verbatim-openapi-");

describe("the OpenAPI document", () => {
  let api: TestApi;
  let doc: OpenApiDocument;
  /** The schema itself, or the named one it refers to. */
  const named = (schema: Schema | undefined) =>
    schema?.$ref
      ? doc.components?.schemas?.[schema.$ref.replace("#/components/schemas/", "")]
      : schema;
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );

  beforeAll(async () => {
    api = await startTestApi("sqlite");
    doc = (await (await fetch(`${api.base}/api/docs/json`)).json()) as OpenApiDocument;
  });
  afterAll(async () => {
    await api?.close();
    scratch.cleanup();
  });

  it("names every operation once", () => {
    const ids = operations().map(({ method, path, operation }) => {
      expect(operation.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z0-9]+$/);
      return operation.operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths["/v1/audio/transcriptions"]?.post?.operationId).toBe("createTranscription");
  });

  it("documents upload fields, the event streams and the JSON export", () => {
    for (const path of [
      "/api/transcribe",
      "/api/uploads/chunk",
      "/v1/audio/transcriptions",
      "/api/transcriptions/{id}/renders/video",
    ]) {
      const body = doc.paths[path]?.post?.requestBody?.content["multipart/form-data"]?.schema;
      expect(body?.properties?.file, path).toMatchObject({ type: "string", format: "binary" });
    }
    const events = doc.paths["/api/transcriptions/{id}/events"]?.get?.responses["200"];
    expect(Object.keys(events?.content ?? {})).toEqual(["text/event-stream"]);
    const stream = doc.paths["/v1/audio/transcriptions"]?.post?.responses["200"];
    expect(stream?.content?.["text/event-stream"]?.schema.anyOf).toHaveLength(3);
    const json = doc.paths["/api/transcriptions/{id}/export"]?.get?.responses["200"];
    const exported = named(json?.content?.["application/json"]?.schema);
    expect(exported?.properties?.cues?.type).toBe("array");
  });

  it("declares the audio route's bytes as audio and its errors as JSON", () => {
    const responses = doc.paths["/api/transcriptions/{id}/audio"]?.get?.responses ?? {};
    for (const status of ["200", "206"]) {
      expect(Object.keys(responses[status]?.content ?? {}), status).toEqual(["audio/mp4"]);
      expect(responses[status]?.content?.["audio/mp4"]?.schema.format, status).toBe("binary");
    }
    for (const status of ["401", "404", "416"]) {
      expect(Object.keys(responses[status]?.content ?? {}), status).toEqual(["application/json"]);
    }
  });

  it("names its main schemas in components/schemas and refers to them", () => {
    const schemas = doc.components?.schemas ?? {};
    for (const name of ["ErrorResponse", "TranscriptionDetail", "JsonExport", "ModelListing"]) {
      expect(schemas[name]?.type, name).toBe("object");
    }
    const detail = doc.paths["/api/transcriptions/{id}"]?.get?.responses["200"];
    expect(detail?.content?.["application/json"]?.schema.$ref).toBe(
      "#/components/schemas/TranscriptionDetail",
    );
    // Every name is used: none is left over from a schema that no route answers or reads.
    const text = JSON.stringify(doc.paths) + JSON.stringify(schemas);
    for (const name of Object.keys(schemas)) {
      expect(text, name).toContain(`"#/components/schemas/${name}"`);
    }
  });

  it("declares a full disk (507) on every upload, and too many uploads or requests (429)", () => {
    const statuses = (path: string) => Object.keys(doc.paths[path]?.post?.responses ?? {});
    const uploads = [
      "/api/transcribe",
      "/api/uploads/chunk",
      "/api/uploads/combine",
      "/api/voices",
      "/v1/audio/transcriptions",
      "/v1/audio/translations",
    ];
    for (const path of uploads) expect(statuses(path), path).toContain("507");
    // The chunk that would start one unfinished upload too many; the API keys' request rate.
    for (const path of ["/api/uploads/chunk", "/v1/audio/transcriptions"]) {
      expect(statuses(path), path).toContain("429");
    }
  });

  it("lists null among a nullable enum's values, and gives 204 answers no body", () => {
    const share = operations().find((o) => o.path === "/api/shared/{token}" && o.method === "get");
    const page = named(share?.operation.responses["200"]?.content?.["application/json"]?.schema);
    expect(page?.properties?.mediaGone).toMatchObject({
      nullable: true,
      enum: ["expired", "not-kept", null],
    });
    const empty = operations().filter(({ operation }) => operation.responses["204"]);
    expect(empty.length).toBeGreaterThan(5);
    for (const { path, method, operation } of empty) {
      expect(operation.responses["204"]!.content, `${method} ${path}`).toBeUndefined();
    }
  });

  it("has no errors under Redocly's recommended rules", async () => {
    const errors = (await openApiProblems(doc)).filter((p) => p.severity === "error");
    expect(errors.map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`)).toEqual([]);
  });

  it("names the unit of every time, length and amount", () => {
    const unit = /second|millisecond|minute|10 ms|percent|cents|bytes|hh:mm:ss|ISO-8601|Unix/i;
    const measured =
      /^(duration|start|end|.*(Seconds|Ms|At|Time|Cents|Bytes)|seconds|minutes|progress|percent|credits|additionalCredits|createdAt|seek|bytes)$/;
    const unnamed: string[] = [];
    const seen = new Set<string>();
    const visit = (schema: Schema | undefined, where: string) => {
      if (!schema) return;
      if (schema.$ref) {
        // A named schema: checked once, where it is first met.
        const name = schema.$ref.replace("#/components/schemas/", "");
        if (seen.has(name)) return;
        seen.add(name);
        return visit(named(schema), name);
      }
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        const types = [property.type ?? []].flat();
        const quantity = types.includes("number") || types.includes("integer");
        if (measured.test(name) && (quantity || name.endsWith("At") || name.endsWith("Time"))) {
          if (!unit.test(property.description ?? "")) unnamed.push(`${where}.${name}`);
        }
        visit(property, `${where}.${name}`);
      }
      visit(schema.items, `${where}[]`);
      for (const option of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) visit(option, where);
    };
    for (const { method, path, operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const [type, media] of Object.entries(response.content ?? {})) {
          visit(media.schema, `${method} ${path} ${status} ${type}`);
        }
      }
    }
    expect(unnamed).toEqual([]);
  });

  it("generates types that a client of every route compiles against, and it reaches them all", async () => {
    const generated = astToString(
      // openapi-typescript takes its own OpenAPI3 type; the document is read as plain JSON above.
      await openapiTS(doc as unknown as Parameters<typeof openapiTS>[0], {
        // Files are Blobs in a client (the document says string/binary).
        transform: (schema) =>
          schema.format === "binary"
            ? ts.factory.createTypeReferenceNode(ts.factory.createIdentifier("Blob"))
            : undefined,
      }),
    );
    const types = join(scratch.dir, "openapi.d.ts");
    writeFileSync(types, generated);
    const program = ts.createProgram([CLIENT], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
      types: [],
      skipLibCheck: true,
      paths: { "#generated-openapi": [types] },
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    expect(diagnostics).toEqual([]);

    const user = await signedInUser(api.db);
    const keyResponse = await api.post("/api/keys", { name: "openapi" }, user.auth);
    const { key } = (await keyResponse.json()) as { key: string };
    const { callEveryRoute } = (await import(CLIENT)) as ClientModule;
    const calls = await callEveryRoute(api.base, { token: user.token, apiKey: key });
    const called = new Set(calls.map((call) => `${call.method} ${call.path}`));
    const documented = operations().map(({ method, path }) => `${method} ${path}`);
    expect(documented.filter((route) => !called.has(route))).toEqual([]);
    // Every call reached its route (one the server does not have answers "No route …" or, under
    // /v1, "Invalid URL …"), and was answered as documented for what it sent.
    for (const call of calls) {
      const where = `${call.method} ${call.path}`;
      expect(JSON.stringify(call.error ?? null), where).not.toMatch(/No route|Invalid URL/);
      expect(call.status, where).not.toBe(500);
    }
  });
});
