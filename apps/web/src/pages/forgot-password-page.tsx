import { useTranslation } from "react-i18next";
import { AuthCard } from "../features/account/auth-card";
import { ForgotPasswordForm } from "../features/account/forgot-password-form";

/** /forgot-password. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t("account.forgot.title")} intro={t("account.forgot.intro")}>
      <ForgotPasswordForm />
    </AuthCard>
  );
}
