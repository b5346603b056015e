import type { FastifySerializerCompiler } from "fastify";
import { ResponseSerializationError } from "fastify-type-provider-zod";
import { $ZodType, compile, safeEncode, safeParse, type $ZodTypeDef } from "zod/v4/core";

// Every answer is checked against its route's response schema and keeps only the fields the
// schema names (zod objects strip unknown keys): a field a route must not show (a password
// hash, another user's id) cannot leak through a handler that returns a whole row. This is
// fastify-type-provider-zod's serializer with one difference, in what it costs: it encoded
// every answer (`z.encode`: zod's backward direction, which parses each checked node twice,
// once as a trial and once for real): 144 µs of CPU for a 34 kB history list (100 rows), where
// a forward parse takes 45 µs and the same parse compiled by zod (`compile`: a parser
// generated for the schema, falling back to the ordinary one for an answer it refuses) 7 µs.
// A schema without transforms, codecs or defaults gives the same value and the same verdict
// either way, so such a schema is checked by its compiled forward parse; any other keeps the
// encode.

/** Node kinds whose forward parse and backward encode give the same answer, leaves included. */
const SAME_BOTH_WAYS = new Set<$ZodTypeDef["type"]>([
  "string",
  "number",
  "int",
  "boolean",
  "bigint",
  "null",
  "undefined",
  "void",
  "literal",
  "enum",
  "date",
  "any",
  "unknown",
  "never",
  "nan",
  "template_literal",
  "object",
  "array",
  "tuple",
  "record",
  "union",
  "intersection",
  "optional",
  "nullable",
  "nonoptional",
  "readonly",
  "lazy",
]);

/** The schemas directly inside one node (their own kinds are checked in turn). */
function innerSchemas(def: $ZodTypeDef): unknown[] {
  const d = def as unknown as Record<string, unknown>;
  switch (def.type) {
    case "object":
      return [...Object.values(d.shape as Record<string, unknown>), d.catchall];
    case "array":
      return [d.element];
    case "tuple":
      return [...(d.items as unknown[]), d.rest];
    case "record":
      return [d.keyType, d.valueType];
    case "union":
      return d.options as unknown[];
    case "intersection":
      return [d.left, d.right];
    case "lazy":
      return [(d.getter as () => unknown)()];
    case "optional":
    case "nullable":
    case "nonoptional":
    case "readonly":
      return [d.innerType];
    default:
      return [];
  }
}

/**
 * Whether `schema` parses forward exactly as it encodes backward: no transform, pipe, codec,
 * default, prefault or catch anywhere in it (a discriminated union is a "union" node).
 */
export function encodesAsItParses(schema: $ZodType, seen = new Set<$ZodType>()): boolean {
  if (seen.has(schema)) return true; // a recursive schema: this node is being checked already
  seen.add(schema);
  const def = schema._zod.def;
  if (!SAME_BOTH_WAYS.has(def.type)) return false;
  return innerSchemas(def).every(
    (inner) => inner === undefined || (inner instanceof $ZodType && encodesAsItParses(inner, seen)),
  );
}

/** The route's response schema, as fastify-type-provider-zod accepts it. */
function zodSchemaOf(schema: unknown): $ZodType {
  if (schema instanceof $ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  if (properties instanceof $ZodType) return properties;
  throw new TypeError(`A response schema that is not a zod schema: ${JSON.stringify(schema)}`);
}

type Check = (data: unknown) => ReturnType<typeof safeParse>;

/** One check per schema (the error answers' schema is shared by every route and status). */
const checks = new WeakMap<$ZodType, Check>();

/** How answers of `schema` are checked: compiled forward parse where it is the same, else encode. */
function checkFor(schema: $ZodType): Check {
  let check = checks.get(schema);
  if (!check) {
    if (encodesAsItParses(schema)) {
      const compiled = compile(schema);
      check = (data) => safeParse(compiled, data);
    } else {
      check = (data) => safeEncode(schema, data);
    }
    checks.set(schema, check);
  }
  return check;
}

/** Fastify's serializer compiler: each answer checked and stripped by its schema, as JSON. */
export const responseSerializer: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  const check = checkFor(zodSchemaOf(schema));
  return (data: unknown) => {
    const result = check(data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
