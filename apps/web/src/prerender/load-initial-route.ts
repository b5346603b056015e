import { matchRoutes, type RouteObject } from "react-router";
import { routes } from "../app/router";

/**
 * Loads the code of the routes the current URL matches, and puts it on the route objects, so
 * the router's first render is the page itself (as prerendered) instead of an empty frame
 * while lazy code loads: what hydrating a prerendered page needs.
 */
export async function loadInitialRoute(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      const lazy = route.lazy;
      if (typeof lazy !== "function") return;
      const loaded = (await lazy()) as Partial<RouteObject>;
      Object.assign(route, loaded);
      delete (route as { lazy?: unknown }).lazy;
    }),
  );
}
