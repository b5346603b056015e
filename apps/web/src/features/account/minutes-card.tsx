import { useTranslation } from "react-i18next";
import { availableMinutes } from "../../api/queries";
import type { User } from "../../api/types";
import { Card, CardTitle } from "../../components/ui/card";
import { Row } from "./profile-card";

/** Plan minutes, purchased minutes and what they add up to. */
export function MinutesCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const minutes = (count: number) => t("common.minutes", { count });
  return (
    <Card>
      <CardTitle>{t("account.minutes.title")}</CardTitle>
      <p className="mt-3 text-3xl font-bold text-zinc-900">{minutes(availableMinutes(user))}</p>
      <dl className="mt-4 space-y-3 text-sm">
        <Row label={t("account.minutes.plan")} value={minutes(user.credits)} />
        <Row label={t("account.minutes.additional")} value={minutes(user.additionalCredits)} />
        <Row label={t("account.minutes.total")} value={minutes(availableMinutes(user))} />
      </dl>
    </Card>
  );
}
