import { render } from "@testing-library/react";
import i18n from "i18next";
import { StrictMode, type ReactElement } from "react";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router";
import { createQueryClient } from "../src/api/queries";
import { Providers } from "../src/app/providers";
import { setupI18n } from "../src/i18n";
import { resources } from "../src/i18n/all-resources";
import type { Language } from "../src/i18n/language";

/**
 * Renders routes at a path with the app's providers, in a language; `strict` wraps the whole
 * tree in StrictMode, so effects run twice on mount as in development.
 */
export async function renderRoutes(
  routes: RouteObject[],
  {
    path = "/",
    language = "en",
    strict = false,
  }: { path?: string; language?: Language; strict?: boolean } = {},
) {
  if (!i18n.isInitialized) await setupI18n(language, resources);
  await i18n.changeLanguage(language);
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const tree = (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
  const view = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { ...view, router, queryClient };
}

/** Renders one element on its own route. */
export function renderPage(
  element: ReactElement,
  options: { path?: string; language?: Language } = {},
) {
  return renderRoutes([{ path: "*", element }], options);
}
