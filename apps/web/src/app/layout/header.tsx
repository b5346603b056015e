import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router";
import { useSession } from "../../auth/session";
import { Button } from "../../components/ui/button";
import { paths } from "../paths";
import { LanguageSwitcher } from "./language-switcher";
import { MobileMenu } from "./mobile-menu";

// Signed-in users only: visitors (the public pages) never load the dropdown's code.
const UserMenu = lazy(() => import("./user-menu").then((m) => ({ default: m.UserMenu })));

const NAV =
  "rounded-md px-3 py-2 text-sm font-medium text-zinc-700 hover:text-zinc-950 aria-[current=page]:text-blue-700";

/** The header: logo to /, a menu under 768 px, the user menu or login/register on wide screens. */
export function Header() {
  const { t } = useTranslation();
  const { token } = useSession();
  return (
    <header className="sticky top-0 z-30 border-b border-zinc-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Link
          to={paths.home}
          className="flex items-center gap-2 text-lg font-bold text-zinc-900"
          aria-label={t("common.appName")}
        >
          <img src="/favicon.svg" alt="" className="size-7" />
          <span>{t("common.appName")}</span>
        </Link>
        <nav aria-label={t("header.menu")} className="hidden items-center md:flex">
          {token ? (
            <>
              <NavLink to={paths.home} end className={NAV}>
                {t("header.dashboard")}
              </NavLink>
              <NavLink to={paths.history} className={NAV}>
                {t("header.history")}
              </NavLink>
              <NavLink to={paths.live} className={NAV}>
                {t("header.live")}
              </NavLink>
              <NavLink to={paths.teams} className={NAV}>
                {t("header.teams")}
              </NavLink>
            </>
          ) : (
            <>
              <NavLink to={paths.features} className={NAV}>
                {t("header.features")}
              </NavLink>
              <NavLink to={paths.pricing} className={NAV}>
                {t("header.pricing")}
              </NavLink>
              <NavLink to={paths.faq} className={NAV}>
                {t("header.faq")}
              </NavLink>
            </>
          )}
        </nav>
        <div className="ml-auto hidden items-center gap-3 md:flex">
          <LanguageSwitcher />
          {token ? (
            <Suspense fallback={<span aria-hidden className="inline-block h-9 w-32" />}>
              <UserMenu />
            </Suspense>
          ) : (
            <>
              <Button asChild variant="ghost">
                <Link to={paths.login}>{t("header.login")}</Link>
              </Button>
              <Button asChild>
                <Link to={paths.register}>{t("header.register")}</Link>
              </Button>
            </>
          )}
        </div>
        <div className="ml-auto md:hidden">
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
