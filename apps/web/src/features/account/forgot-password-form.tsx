import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { api } from "../../api/client";
import type { ForgotPasswordBody, Ok } from "../../api/types";
import { paths } from "../../app/paths";
import { Button } from "../../components/ui/button";
import { Notice } from "./auth-card";
import { FormField } from "./form-field";
import { ACCOUNT_LINK } from "./login-form";
import { forgotPasswordSchema, type ForgotPasswordValues } from "./schemas";

/** Asks for a reset link; the answer is the same neutral confirmation whatever happened. */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const schema = useMemo(() => forgotPasswordSchema(t), [t]);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordValues>({
    resolver: zodResolver(schema),
    defaultValues: { email: "" },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    // Errors are hidden on purpose: nobody learns whether an address has an account.
    await api<Ok>("/api/auth/forgot-password", {
      method: "POST",
      body: { email } satisfies ForgotPasswordBody,
    }).catch(() => undefined);
    setSentTo(email);
  });

  if (sentTo) {
    return (
      <div className="space-y-5">
        <Notice tone="success">
          <p className="font-semibold">{t("account.forgot.sentTitle")}</p>
          <p className="mt-1">{t("account.forgot.sentText", { email: sentTo })}</p>
        </Notice>
        <Button asChild variant="outline" className="w-full">
          <Link to={paths.login}>{t("account.forgot.backToLogin")}</Link>
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <FormField
        id="forgot-email"
        label={t("account.fields.email")}
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...register("email")}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t("account.forgot.submitting") : t("account.forgot.submit")}
      </Button>
      <p className="text-center text-sm">
        <Link to={paths.login} className={ACCOUNT_LINK}>
          {t("account.forgot.backToLogin")}
        </Link>
      </p>
    </form>
  );
}
