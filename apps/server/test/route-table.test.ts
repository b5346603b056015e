import { ROUTE_PATHS, ROUTES, routeLine, type RouteName } from "@verbatim/contract/api";
import { beforeAll, describe, expect, it } from "vitest";
import { servedOpenApiDocument } from "../scripts/lint-openapi.js";

// The contract's route table and the served OpenAPI document agree: each route of the table is
// documented at its path (`:id` written `{id}`) under its method, with exactly its success and
// error statuses. (That the server registers each from the table, once, is a house rule.)

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
}

let document: OpenApiDocument;

beforeAll(async () => {
  document = (await servedOpenApiDocument()) as OpenApiDocument;
});

describe("the route table in the OpenAPI document", () => {
  it.each(Object.keys(ROUTE_PATHS) as RouteName[])("lists %s", (name) => {
    const { method, path } = routeLine(name);
    const operation = document.paths[path.replace(/:(\w+)/g, "{$1}")]?.[method.toLowerCase()];
    expect(operation, `${method} ${path} is not in the document`).toBeDefined();
    const route = ROUTES[name];
    const statuses = [...Object.keys(route.response), ...route.errors.map(String)].sort();
    expect(Object.keys(operation!.responses).sort()).toEqual(statuses);
  });
});
