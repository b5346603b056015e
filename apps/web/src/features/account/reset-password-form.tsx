import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { api, ApiError } from "../../api/client";
import type { Ok, ResetPasswordBody } from "../../api/types";
import { paths } from "../../app/paths";
import { Button } from "../../components/ui/button";
import { Notice } from "./auth-card";
import { FormField } from "./form-field";
import { resetPasswordSchema, type ResetPasswordValues } from "./schemas";

/** New password twice, sent with the link's token; afterwards a Go to Login button. */
export function ResetPasswordForm({ token, setup }: { token: string; setup: boolean }) {
  const { t } = useTranslation();
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const schema = useMemo(() => resetPasswordSchema(t), [t]);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordValues>({
    resolver: zodResolver(schema),
    defaultValues: { password: "", confirmPassword: "" },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      await api<Ok>("/api/auth/reset-password", {
        method: "POST",
        body: { token, password } satisfies ResetPasswordBody,
      });
      setDone(true);
    } catch (error) {
      setFailure(error instanceof ApiError ? failureText(error, t) : t("account.reset.unexpected"));
    }
  });

  if (done) {
    return (
      <div className="space-y-5">
        <Notice tone="success">
          <p className="font-semibold">
            {setup ? t("account.reset.setupSuccessTitle") : t("account.reset.successTitle")}
          </p>
          <p className="mt-1">
            {setup ? t("account.reset.setupSuccessText") : t("account.reset.successText")}
          </p>
        </Notice>
        <Button asChild className="w-full">
          <Link to={paths.login}>{t("account.reset.goToLogin")}</Link>
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {failure && <Notice tone="error">{failure}</Notice>}
      <FormField
        id="reset-password"
        label={t("account.fields.newPassword")}
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register("password")}
      />
      <FormField
        id="reset-confirm"
        label={t("account.fields.confirmPassword")}
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register("confirmPassword")}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting
          ? t("account.reset.submitting")
          : setup
            ? t("account.reset.setupSubmit")
            : t("account.reset.submit")}
      </Button>
    </form>
  );
}

/** The server's refusal in the user's language: the password rule's codes, else the link. */
function failureText(error: ApiError, t: (key: string) => string): string {
  switch (error.code) {
    case "PASSWORD_BLANK":
      return t("account.reset.passwordBlank");
    case "PASSWORD_TOO_SHORT":
      return t("account.validation.newPassword");
    case "PASSWORD_TOO_WEAK":
      return t("account.reset.passwordTooWeak");
    default:
      return t("account.reset.failed");
  }
}
