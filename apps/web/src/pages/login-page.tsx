import { useTranslation } from "react-i18next";
import { AuthCard } from "../features/account/auth-card";
import { LoginForm } from "../features/account/login-form";

/** /login. */
export default function LoginPage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t("account.login.title")} intro={t("account.login.intro")}>
      <LoginForm />
    </AuthCard>
  );
}
