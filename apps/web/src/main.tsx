import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { storedToken } from "./api/auth-storage";
import { createQueryClient } from "./api/queries";
import { Providers } from "./app/providers";
import { createRouter } from "./app/router";
import { setupI18n } from "./i18n";
import { storedLanguage, storeLanguage, type Language } from "./i18n/language";
import { loadInitialRoute } from "./prerender/load-initial-route";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
// A page the server prerendered for a visitor, in the language it names.
const prerendered = root.dataset.prerendered as Language | undefined;
const visitor = prerendered !== undefined && storedToken() === null;

async function start() {
  if (!visitor) {
    await setupI18n();
    createRoot(root!).render(app());
    return;
  }
  // Hydrate in the page's own language, with the route's code loaded first (as rendered), and
  // only the public texts, which are all the page uses (the next page loads the rest if needed).
  const [i18n] = await Promise.all([
    setupI18n(prerendered, undefined, { appTexts: false }),
    loadInitialRoute(),
  ]);
  hydrateRoot(root!, app());
  // A language named in the link, or no preference yet: the page's becomes the preference.
  // Else the preference wins (a stored choice the server did not know).
  const preferred = storedLanguage();
  if (new URLSearchParams(location.search).has("lang") || !preferred) storeLanguage(prerendered);
  else if (preferred !== prerendered) void i18n.changeLanguage(preferred);
}

function app() {
  return (
    <StrictMode>
      <Providers queryClient={createQueryClient()}>
        <RouterProvider router={createRouter()} />
      </Providers>
    </StrictMode>
  );
}

void start();
