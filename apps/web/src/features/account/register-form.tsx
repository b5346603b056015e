import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { Trans, useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { api } from "../../api/client";
import type { LoginResponse, RegisterBody, RegisterResponse } from "../../api/types";
import { paths } from "../../app/paths";
import { useSession } from "../../auth/session";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toast-store";
import { Notice } from "./auth-card";
import { FormField } from "./form-field";
import { ACCOUNT_LINK } from "./login-form";
import { registerSchema, type RegisterValues } from "./schemas";

/** What registration answers: `emailSent`, or (another server) a session straight away. */
type RegisterAnswer = RegisterResponse | LoginResponse;

/** Name and e-mail; the set-up link is e-mailed in the interface language. */
export function RegisterForm() {
  const { t, i18n } = useTranslation();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const schema = useMemo(() => registerSchema(t), [t]);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({
    resolver: zodResolver(schema),
    defaultValues: { name: "", email: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    const language = i18n.language === "zh-HK" ? "zh-HK" : "en";
    try {
      const answer = await api<RegisterAnswer>("/api/auth/register", {
        method: "POST",
        body: { ...values, language } satisfies RegisterBody,
      });
      if ("emailSent" in answer && answer.emailSent) {
        toast({
          title: t("account.register.successTitle"),
          description: t("account.register.successDescription", { email: values.email }),
          variant: "success",
        });
        await navigate(paths.login, { state: { registeredEmail: values.email } });
      } else if ("token" in answer && answer.token && answer.user) {
        signIn({
          token: answer.token,
          user: answer.user,
          tokenExpiration: answer.tokenExpiration ?? "",
        });
        await navigate(paths.home);
      }
    } catch {
      toast({
        title: t("account.register.failedTitle"),
        description: t("account.register.failedDescription"),
        variant: "destructive",
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <FormField
        id="register-name"
        label={t("account.fields.name")}
        autoComplete="name"
        error={errors.name?.message}
        {...register("name")}
      />
      <FormField
        id="register-email"
        label={t("account.fields.email")}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register("email")}
      />
      <Notice>{t("account.register.emailNotice")}</Notice>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t("account.register.submitting") : t("account.register.submit")}
      </Button>
      <p className="text-sm text-zinc-700">
        <Trans
          i18nKey="account.register.termsNotice"
          components={{
            terms: <Link to={paths.terms} className={ACCOUNT_LINK} />,
            privacy: <Link to={paths.privacy} className={ACCOUNT_LINK} />,
          }}
        />{" "}
        {t("account.register.ageNotice")}
      </p>
      <p className="text-center text-sm text-zinc-700">
        {t("account.register.haveAccount")}{" "}
        <Link to={paths.login} className={ACCOUNT_LINK}>
          {t("account.register.login")}
        </Link>
      </p>
    </form>
  );
}
