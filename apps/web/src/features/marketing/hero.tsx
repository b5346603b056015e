import type { DragEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { paths } from "../../app/paths";
import { Button } from "../../components/ui/button";
import { Icon } from "./icons";

/** A visitor's drop zone: it looks like the real one, and any click or drop leads to sign-up. */
function TeaserDropZone() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    void navigate(paths.register);
  };
  return (
    <Link
      to={paths.register}
      onDragOver={(event) => event.preventDefault()}
      onDrop={onDrop}
      className="group flex flex-col items-center justify-center rounded-2xl border-2 border-dashed border-blue-300 bg-white px-6 py-10 text-center shadow-sm transition-colors hover:border-blue-600 hover:bg-blue-50/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
    >
      <span className="inline-flex h-14 w-14 items-center justify-center rounded-full bg-blue-100 text-blue-700">
        <Icon name="upload" className="h-7 w-7" />
      </span>
      <span className="mt-4 text-lg font-semibold text-zinc-900">
        {t("marketing.home.hero.dropTitle")}
      </span>
      <span className="mt-1 text-sm text-zinc-600">{t("marketing.home.hero.dropHint")}</span>
      <span className="mt-4 text-xs font-medium tracking-wide text-zinc-600 uppercase">
        {t("marketing.home.hero.dropFormats")}
      </span>
    </Link>
  );
}

/** The home page's opening: the one h1, the promise, the buttons and the drop zone. */
export function Hero() {
  const { t } = useTranslation();
  return (
    <section className="bg-gradient-to-b from-blue-50 to-white">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-2">
        <div>
          <p className="inline-flex rounded-full bg-white px-3 py-1 text-sm font-medium text-blue-800 ring-1 ring-blue-200">
            {t("marketing.home.hero.badge")}
          </p>
          <h1 className="mt-5 text-4xl font-bold tracking-tight text-zinc-900 sm:text-5xl">
            {t("marketing.home.hero.title")}
          </h1>
          <p className="mt-5 text-lg leading-8 text-zinc-600">
            {t("marketing.home.hero.subtitle")}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to={paths.register}>{t("marketing.home.hero.getStarted")}</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={paths.login}>{t("marketing.home.hero.login")}</Link>
            </Button>
          </div>
          <p className="mt-4 text-sm text-zinc-600">{t("marketing.home.hero.noCard")}</p>
        </div>
        <TeaserDropZone />
      </div>
    </section>
  );
}
