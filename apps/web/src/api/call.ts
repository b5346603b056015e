import type { RouteAnswer, RouteInput } from "@verbatim/contract/api";
import { routeLine, type RouteName } from "@verbatim/contract/route-paths";
import { api, queryString, type CallOptions } from "./client";

/**
 * Calls a route of the contract's route table by its name: the method and path come from the
 * table, and what is sent (`params`, `query`, `body`) and answered are typed by the route's
 * schemas, the ones the server validates with. A thin layer over `api` (same session, time
 * limit and errors). Only the table's names and paths enter the bundle (route-paths.ts).
 */
export function call<Name extends RouteName>(
  name: Name,
  ...[request]: object extends RouteRequest<Name>
    ? [request?: RouteRequest<Name> & RequestOptions]
    : [request: RouteRequest<Name> & RequestOptions]
): Promise<RouteAnswer<Name>> {
  const { params, query, body, ...options } = (request ?? {}) as Sent & RequestOptions;
  const { method, path } = routeLine(name);
  const search = query ? queryString(query) : "";
  return api<RouteAnswer<Name>>(`${fillPath(path, params)}${search ? `?${search}` : ""}`, {
    ...options,
    method,
    ...(body !== undefined ? { body } : {}),
  });
}

/** The options of `api` a route call may add (its signal, headers, time limit, keepalive). */
type RequestOptions = Omit<CallOptions, "method" | "body">;

/** Any route's request parts, untyped (inside `call`). */
interface Sent {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/**
 * What a call of route `Name` is sent: `params` when its path has some, `query` when it takes
 * one (left out when nothing in it is required), `body` when it takes one.
 */
export type RouteRequest<Name extends RouteName> = Part<"params", RouteInput<Name, "params">> &
  Part<"query", RouteInput<Name, "querystring">> &
  Part<"body", RouteInput<Name, "body">>;

type Part<Key extends string, Value> = [Value] extends [never]
  ? unknown
  : object extends Value
    ? { [K in Key]?: Value }
    : { [K in Key]: Value };

/** `path` with each `:name` replaced by its value in `params`, URI-encoded. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for :${name} in ${path}`);
    return encodeURIComponent(String(value));
  });
}
