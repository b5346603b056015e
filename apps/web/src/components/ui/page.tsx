import { clsx } from "clsx";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** A page's frame: sets the document title, centres the content, one h1. */
export function Page({
  title,
  intro,
  children,
  width = "default",
}: {
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
  width?: "narrow" | "default" | "wide";
}) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} | ${t("common.appName")}`;
  }, [title, t]);
  return (
    <div
      className={clsx(
        "mx-auto w-full px-4 py-10 sm:px-6",
        width === "narrow" ? "max-w-md" : width === "wide" ? "max-w-6xl" : "max-w-4xl",
      )}
    >
      <h1 className="text-3xl font-bold tracking-tight text-zinc-900">{title}</h1>
      {intro && <div className="mt-3 text-lg text-zinc-600">{intro}</div>}
      <div className="mt-8">{children}</div>
    </div>
  );
}
