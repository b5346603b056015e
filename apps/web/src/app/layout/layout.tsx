import { useQueryClient } from "@tanstack/react-query";
import { useAccountLanguage } from "../../i18n/use-account-language";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router";
import { queryKeys } from "../../api/queries";
import { useSession } from "../../auth/session";
import { DeferredToaster } from "../../components/ui/deferred-toaster";
import { Footer } from "./footer";
import { Header } from "./header";

/** Header, page, footer; scrolls to the top and refreshes the user on every navigation. */
export function Layout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  useAccountLanguage();
  useEffect(() => {
    window.scrollTo(0, 0);
    if (token) void queryClient.invalidateQueries({ queryKey: queryKeys.me });
  }, [pathname, token, queryClient]);
  return (
    <div className="flex min-h-screen flex-col bg-white text-zinc-900">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-3 py-2 focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        {t("common.skipToContent")}
      </a>
      <Header />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <DeferredToaster />
    </div>
  );
}
