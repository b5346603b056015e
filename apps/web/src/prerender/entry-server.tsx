import { QueryClient } from "@tanstack/react-query";
import i18next from "i18next";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { Providers } from "../app/providers";
import { routes } from "../app/router";
import { publicResources } from "../i18n/all-resources";
import type { Language } from "../i18n/language";

/**
 * Renders one public page to HTML at build time, as a visitor sees it in `language` (the app
 * hydrates it in the browser). Browser-only state (the session token) is empty here, as it is
 * for a visitor.
 */
export async function renderPage(path: string, language: Language): Promise<string> {
  // Only the public texts: a visitor's first page loads no others, so a prerendered page that
  // uses another text fails the build here rather than showing its key in the browser.
  const missing = new Set<string>();
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    resources: publicResources,
    lng: language,
    fallbackLng: false,
    saveMissing: true,
    missingKeyHandler: (_languages, _namespace, key) => void missing.add(key),
    interpolation: { escapeValue: false },
  });
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender${path}`));
  if (context instanceof Response) throw new Error(`${path} redirects; it cannot be prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = new QueryClient();
  const html = renderToString(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <Providers queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Providers>
      </I18nextProvider>
    </StrictMode>,
  );
  // Queries made while rendering wait five minutes to be collected; clearing them now lets
  // the build exit at once instead of idling until those timers fire.
  queryClient.clear();
  if (missing.size > 0) {
    throw new Error(
      `${path} (${language}) uses texts that are not in the public part (src/i18n/locales/*/public): ${[...missing].join(", ")}`,
    );
  }
  return html;
}
