import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { availableMinutes, useMe } from "../../api/queries";
import { useSession } from "../../auth/session";
import { paths } from "../paths";

const ITEM =
  "flex cursor-pointer rounded px-3 py-2 text-sm text-zinc-800 outline-none data-[highlighted]:bg-zinc-100";

/** Wide screens, signed in: a button with the user's name opening minutes, settings, history, logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const { data: user } = useMe();
  const { signOut } = useSession();
  const navigate = useNavigate();
  const label = user?.name || user?.email || t("header.user");
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={t("header.userMenu", { name: label })}
        className="inline-flex h-9 max-w-56 items-center gap-2 rounded-md border border-zinc-300 bg-white px-3 text-sm font-medium text-zinc-800 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        {/* The initial is drawn by CSS, not text: the button's visible text is the name alone,
            which its accessible name contains (WCAG 2.5.3, label in name). */}
        <span
          aria-hidden
          data-initial={label.slice(0, 1).toUpperCase()}
          className="grid size-6 place-items-center rounded-full bg-blue-600 text-xs text-white before:content-[attr(data-initial)]"
        />
        <span className="truncate">{label}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-56 rounded-lg border border-zinc-200 bg-white p-1 shadow-lg"
        >
          {user && (
            <div className="px-3 py-2 text-sm">
              <div className="text-zinc-600">{t("header.minutesAvailable")}</div>
              <div className="font-semibold text-zinc-900">
                {t("common.minutes", { count: availableMinutes(user) })}
              </div>
            </div>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-zinc-200" />
          <DropdownMenu.Item asChild className={ITEM}>
            <Link to={paths.account}>{t("header.account")}</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={ITEM}>
            <Link to={paths.history}>{t("header.history")}</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={ITEM}>
            <Link to={paths.teams}>{t("header.teams")}</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={ITEM}>
            <Link to={paths.support}>{t("header.support")}</Link>
          </DropdownMenu.Item>
          {user?.isAdmin && (
            <DropdownMenu.Item asChild className={ITEM}>
              <Link to={paths.admin}>{t("header.admin")}</Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-zinc-200" />
          <DropdownMenu.Item
            className={ITEM}
            onSelect={() => {
              navigate(paths.home);
              void signOut();
            }}
          >
            {t("header.logout")}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
