import { render } from "@testing-library/react";
import i18n from "i18next";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router";
import { createQueryClient } from "../src/api/queries";
import { Providers } from "../src/app/providers";
import { setupI18n } from "../src/i18n";
import type { Language } from "../src/i18n/language";

/** Renders routes at a path with the app's providers, in a language. */
export async function renderRoutes(
  routes: RouteObject[],
  { path = "/", language = "en" }: { path?: string; language?: Language } = {},
) {
  if (!i18n.isInitialized) setupI18n(language);
  await i18n.changeLanguage(language);
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, queryClient };
}

/** Renders one element on its own route. */
export function renderPage(
  element: ReactElement,
  options: { path?: string; language?: Language } = {},
) {
  return renderRoutes([{ path: "*", element }], options);
}
