import {
  ErrorResponse,
  ROUTES,
  type RouteAnswer,
  type RouteName,
  type SuccessStatus,
} from "@verbatim/contract/api";
import type { z } from "zod";

// Reading the server's answers in tests by the contract's schemas instead of casting them: a
// route's success answer by its schema in the route table, an error by ErrorResponse. Each is
// checked, so an answer of the wrong shape fails the test where it is read.

/**
 * The answer of table route `name`, checked by the route's schema for the response's status; a
 * status the route does not answer with on success fails with the body.
 */
export async function answerOf<Name extends RouteName>(
  name: Name,
  response: Response,
): Promise<RouteAnswer<Name>> {
  const schemas: Partial<Record<SuccessStatus, z.ZodType>> = ROUTES[name].response;
  const schema = schemas[response.status as SuccessStatus];
  if (!schema) {
    throw new Error(`${name} answered ${response.status}: ${await response.text()}`);
  }
  if (response.status === 204) return undefined as RouteAnswer<Name>;
  const body: unknown = await response.json();
  schema.parse(body);
  // What the server sent, not the parse's copy: a field the schema does not name (a leaked
  // secret) stays there for the test to see.
  return body as RouteAnswer<Name>;
}

/** An error answer's body (`{ code, message, details? }`), parsed by ErrorResponse. */
export async function errorOf(response: Response): Promise<z.output<typeof ErrorResponse>> {
  return ErrorResponse.parse(await response.json());
}
