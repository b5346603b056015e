import { useTranslation } from "react-i18next";
import { Card, CardDescription, CardTitle } from "../../components/ui/card";

/** A placeholder for a tool not built yet. */
export function ComingSoonCard({ title, description }: { title: string; description: string }) {
  const { t } = useTranslation();
  return (
    <Card className="border-dashed">
      <div className="flex flex-wrap items-center gap-2">
        <CardTitle as="h3" className="text-base">
          {title}
        </CardTitle>
        <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-700">
          {t("admin.comingSoon.badge")}
        </span>
      </div>
      <CardDescription>{description}</CardDescription>
    </Card>
  );
}
