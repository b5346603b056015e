import { ROUTES, TranscriptionSummary } from "@verbatim/contract/api";
import Fastify, { type FastifyInstance } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { $ZodType } from "zod/v4/core";
import { encodesAsItParses, responseSerializer } from "./response-serializer.js";

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A server with one GET /answer route whose 200 answer is `schema` and whose handler `answer`s. */
async function serve(schema: z.ZodType, answer: () => unknown) {
  const server = Fastify().withTypeProvider<ZodTypeProvider>();
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(responseSerializer);
  server.get("/answer", { schema: { response: { 200: schema } } }, async () => answer() as never);
  await server.ready();
  app = server;
  return server.inject({ method: "GET", url: "/answer" });
}

const Account = z.object({
  id: z.string(),
  email: z.string().email(),
  plan: z.object({ name: z.string(), seconds: z.number().int() }).nullable(),
});
const row = {
  id: "u1",
  email: "a@example.com",
  password_hash: "scrypt$secret",
  plan: { name: "free", seconds: 600, stripe_customer: "cus_secret" },
};

describe("response serializer", () => {
  it("keeps only the schema's fields, nested ones and list items included", async () => {
    expect(encodesAsItParses(Account)).toBe(true); // the compiled forward parse answers
    const one = await serve(Account, () => row);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({
      id: "u1",
      email: "a@example.com",
      plan: { name: "free", seconds: 600 },
    });
    await app?.close();
    const list = await serve(z.array(Account), () => [row, { ...row, id: "u2", plan: null }]);
    expect(list.body).not.toContain("secret");
    expect(list.json()).toEqual([
      { id: "u1", email: "a@example.com", plan: { name: "free", seconds: 600 } },
      { id: "u2", email: "a@example.com", plan: null },
    ]);
  });

  it("refuses an answer that breaks its schema (500, nothing of it sent)", async () => {
    const wrongType = await serve(Account, () => ({
      ...row,
      plan: { name: "free", seconds: 1.5 },
    }));
    expect(wrongType.statusCode).toBe(500);
    expect(wrongType.body).not.toContain("secret");
    await app?.close();
    const missing = await serve(z.array(Account), () => [{ id: "u1", password_hash: "secret" }]);
    expect(missing.statusCode).toBe(500);
    expect(missing.body).not.toContain("secret");
  });

  it("still encodes a schema with a default or a codec, and strips there too", async () => {
    const WithCodec = z.object({
      at: z.codec(z.iso.datetime(), z.date(), {
        decode: (text) => new Date(text),
        encode: (date) => date.toISOString(),
      }),
      note: z.string().nullable().default(null),
    });
    expect(encodesAsItParses(WithCodec)).toBe(false);
    const answer = await serve(WithCodec, () => ({
      at: new Date("2026-01-02T03:04:05.000Z"),
      note: "kept",
      secret: "leak",
    }));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ at: "2026-01-02T03:04:05.000Z", note: "kept" });
  });

  it("gives the same answer as zod's encode for the history list", () => {
    const schema = z.array(TranscriptionSummary);
    const summary = {
      id: "j1",
      fileName: "talk.mp3",
      createdAt: "2026-01-02T03:04:05.000Z",
      duration: 60,
      model: "whisper-1",
      engineModel: "base",
      modelFamily: "whisper" as const,
      status: "completed" as const,
      language: "en",
      progress: 100,
      error: null,
      chargedSeconds: 60,
      speakerCount: null,
      batchId: null,
      teamId: null,
      shortSummary: null,
      user_id: "someone-else",
    };
    const serialize = responseSerializer({ schema, method: "GET", url: "/x" } as never);
    const encoded = z.safeEncode(schema, [summary]);
    expect(serialize([summary])).toBe(JSON.stringify(encoded.data));
    expect(serialize([summary])).not.toContain("someone-else");
  });

  it("tells which schemas parse forward as they encode", () => {
    expect(encodesAsItParses(z.array(z.object({ a: z.string().trim().max(3) })))).toBe(true);
    expect(encodesAsItParses(z.object({ a: z.array(z.string().transform((s) => s)) }))).toBe(false);
    expect(encodesAsItParses(z.object({ a: z.object({ b: z.number().default(0) }) }))).toBe(false);
    expect(encodesAsItParses(z.union([z.string(), z.number().catch(0)]))).toBe(false);
    interface Node {
      name: string;
      children: Node[];
    }
    const Tree: z.ZodType<Node> = z.lazy(() =>
      z.object({ name: z.string(), children: z.array(Tree) }),
    );
    expect(encodesAsItParses(Tree)).toBe(true);
  });

  it("takes every response schema of the contract's routes", () => {
    for (const route of Object.values(ROUTES)) {
      for (const schema of Object.values(route.response as Record<string, unknown>)) {
        if (!(schema instanceof $ZodType)) continue;
        expect(() =>
          responseSerializer({ schema, method: "GET", url: "/x" } as never),
        ).not.toThrow();
      }
    }
  });
});
