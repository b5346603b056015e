import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { paths } from "../app/paths";
import { Button } from "../components/ui/button";
import { AuthCard, Notice } from "../features/account/auth-card";
import { ResetPasswordForm } from "../features/account/reset-password-form";

/** /reset-password?token=…&setup=true: reset, or first password after registration. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get("token");
  const setup = params.get("setup") === "true";

  if (!token) {
    return (
      <AuthCard title={t("account.reset.invalidTitle")}>
        <div className="space-y-5">
          <Notice tone="error">{t("account.reset.invalidText")}</Notice>
          <Button asChild className="w-full">
            <Link to={paths.forgotPassword}>{t("account.reset.requestNew")}</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={setup ? t("account.reset.setupTitle") : t("account.reset.title")}
      intro={setup ? t("account.reset.setupIntro") : t("account.reset.intro")}
    >
      <ResetPasswordForm token={token} setup={setup} />
    </AuthCard>
  );
}
