import { useTranslation } from "react-i18next";
import { AuthCard } from "../features/account/auth-card";
import { RegisterForm } from "../features/account/register-form";

/** /register. */
export default function RegisterPage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t("account.register.title")} intro={t("account.register.intro")}>
      <RegisterForm />
    </AuthCard>
  );
}
