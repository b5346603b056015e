import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { User } from "../../api/types";
import { paths } from "../../app/paths";
import { useSession } from "../../auth/session";
import { Button } from "../../components/ui/button";
import { Card, CardTitle } from "../../components/ui/card";
import { formatDate } from "./format";

/** E-mail, name, member-since date and the logout button. */
export function ProfileCard({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const { signOut } = useSession();
  const navigate = useNavigate();
  const logOut = async () => {
    // Leave the signed-in page first, so the guard does not send us to /login on the way out.
    await navigate(paths.home);
    await signOut();
  };
  return (
    <Card>
      <CardTitle>{t("account.profile.title")}</CardTitle>
      <dl className="mt-4 space-y-3 text-sm">
        <Row label={t("account.profile.email")} value={user.email} />
        {user.name && <Row label={t("account.profile.name")} value={user.name} />}
        <Row
          label={t("account.profile.memberSince")}
          value={formatDate(user.createdAt, i18n.language)}
        />
      </dl>
      <Button variant="outline" className="mt-5" onClick={() => void logOut()}>
        {t("account.profile.logout")}
      </Button>
    </Card>
  );
}

export function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1">
      <dt className="text-zinc-600">{label}</dt>
      <dd className="font-medium break-all text-zinc-900">{value}</dd>
    </div>
  );
}
