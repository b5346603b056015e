import * as Dialog from "@radix-ui/react-dialog";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { availableMinutes, useMe } from "../../api/queries";
import { useSession } from "../../auth/session";
import { paths } from "../paths";
import { LanguageSwitcher } from "./language-switcher";

const LINK = "block rounded-md px-3 py-3 text-base font-medium text-zinc-800 hover:bg-zinc-100";

/**
 * The menu's panel (a dialog from the right), loaded when it first opens: home and the public
 * pages (features, pricing, FAQ), then account links or login/register, and the language.
 */
export function MobileMenuPanel({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useTranslation();
  const { token, signOut } = useSession();
  const { data: user } = useMe();
  const navigate = useNavigate();
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/30" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,85vw)] flex-col gap-2 bg-white p-4 shadow-xl focus:outline-none">
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold">{t("header.menu")}</Dialog.Title>
            <Dialog.Close
              aria-label={t("header.closeMenu")}
              className="grid size-10 place-items-center rounded-md text-2xl hover:bg-zinc-100"
            >
              ×
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t("header.menu")}</Dialog.Description>
          {user && (
            <p className="rounded-md bg-zinc-50 px-3 py-2 text-sm text-zinc-700">
              {t("header.minutesAvailable")}:{" "}
              <strong>{t("common.minutes", { count: availableMinutes(user) })}</strong>
            </p>
          )}
          <nav className="flex flex-col">
            <Link to={paths.home} onClick={close} className={LINK}>
              {t("header.home")}
            </Link>
            <Link to={paths.features} onClick={close} className={LINK}>
              {t("header.features")}
            </Link>
            <Link to={paths.pricing} onClick={close} className={LINK}>
              {t("header.pricing")}
            </Link>
            <Link to={paths.faq} onClick={close} className={LINK}>
              {t("header.faq")}
            </Link>
            {token ? (
              <>
                <Link to={paths.account} onClick={close} className={LINK}>
                  {t("header.account")}
                </Link>
                <Link to={paths.history} onClick={close} className={LINK}>
                  {t("header.history")}
                </Link>
                <Link to={paths.live} onClick={close} className={LINK}>
                  {t("header.live")}
                </Link>
                <Link to={paths.teams} onClick={close} className={LINK}>
                  {t("header.teams")}
                </Link>
                <Link to={paths.support} onClick={close} className={LINK}>
                  {t("header.support")}
                </Link>
                {user?.isAdmin && (
                  <Link to={paths.admin} onClick={close} className={LINK}>
                    {t("header.admin")}
                  </Link>
                )}
                <button
                  type="button"
                  className={`${LINK} text-left`}
                  onClick={() => {
                    close();
                    navigate(paths.home);
                    void signOut();
                  }}
                >
                  {t("header.logout")}
                </button>
              </>
            ) : (
              <>
                <Link to={paths.login} onClick={close} className={LINK}>
                  {t("header.login")}
                </Link>
                <Link to={paths.register} onClick={close} className={LINK}>
                  {t("header.register")}
                </Link>
              </>
            )}
          </nav>
          <div className="mt-auto border-t border-zinc-200 pt-4">
            <LanguageSwitcher id="language-mobile" />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
