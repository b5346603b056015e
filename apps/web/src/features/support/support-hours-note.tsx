import { supportIsOpen } from "@verbatim/contract";
import { clsx } from "clsx";
import { useTranslation } from "react-i18next";
import { SupportHours } from "./support-hours";

/** Support's hours, and whether we answer live now or by e-mail later. */
export function SupportHoursNote({ open = supportIsOpen(new Date()) }: { open?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className={clsx(
        "rounded-lg border px-4 py-3 text-sm",
        open
          ? "border-green-200 bg-green-50 text-green-900"
          : "border-amber-200 bg-amber-50 text-amber-900",
      )}
    >
      <p className="font-medium">{open ? t("support.open") : t("support.closed")}</p>
      <p className="mt-0.5">
        <span className="sr-only">{t("marketing.contact.info.hoursTitle")}: </span>
        <SupportHours />
      </p>
    </div>
  );
}
