import {
  errorResponses,
  routeLine,
  ROUTES,
  type ErrorResponse,
  type Route,
  type RouteMethod,
  type RouteName,
} from "@verbatim/contract/api";

/** What a route's page in the OpenAPI document says beside its schemas. */
export interface RouteDocs {
  summary: string;
  description?: string;
  tags: string[];
  security?: { [scheme: string]: string[] }[];
  consumes?: string[];
}

/** The schemas Fastify gets for route `Name`: the table's, the error statuses as ErrorResponse. */
type TableSchema<Name extends RouteName> = Omit<Route<Name>, "errors" | "response"> &
  RouteDocs & {
    response: {
      [
        Status in keyof Route<Name>["response"] | Route<Name>["errors"][number]
      ]: Status extends keyof Route<Name>["response"]
        ? Route<Name>["response"][Status]
        : typeof ErrorResponse;
    };
  };

/**
 * Fastify's options for the table's route `name` (contract `ROUTES`): its method, its path and
 * its schemas, with `docs` for the OpenAPI document. Spread into `app.route({ …, handler })`;
 * the handler's request and reply are then typed by the table.
 */
export function tableRoute<Name extends RouteName>(
  name: Name,
  docs: RouteDocs,
): { method: RouteMethod; url: string; schema: TableSchema<Name> } {
  const { method, path } = routeLine(name);
  const { errors, response, ...parts } = ROUTES[name];
  return {
    method,
    url: path,
    schema: {
      ...docs,
      ...parts,
      response: { ...response, ...errorResponses(...errors) },
    } as TableSchema<Name>,
  };
}
