import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { api } from "../../api/client";
import type { LoginBody, LoginResponse } from "../../api/types";
import { paths } from "../../app/paths";
import { useSession } from "../../auth/session";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toast-store";
import { Notice } from "./auth-card";
import { FormField } from "./form-field";
import { loginSchema, safeReturnPath, type LoginValues } from "./schemas";
import { errorText } from "../../api/error-text";

const LINK =
  "font-medium text-blue-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600";

/** E-mail and password; on success the session is stored and the user goes back where they were. */
export function LoginForm() {
  const { t } = useTranslation();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const registeredEmail = (location.state as { registeredEmail?: unknown } | null)?.registeredEmail;
  const schema = useMemo(() => loginSchema(t), [t]);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({
    resolver: zodResolver(schema),
    defaultValues: { email: "", password: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const session = await api<LoginResponse>("/api/auth/login", {
        method: "POST",
        body: values satisfies LoginBody,
      });
      signIn(session);
      await navigate(safeReturnPath(location.state) ?? paths.home, { replace: true });
    } catch (error) {
      toast({
        title: t("account.login.failedTitle"),
        description: errorText(error, t("account.login.failedDescription")),
        variant: "destructive",
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {typeof registeredEmail === "string" && (
        <Notice tone="success">{t("account.login.registered", { email: registeredEmail })}</Notice>
      )}
      <FormField
        id="login-email"
        label={t("account.fields.email")}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register("email")}
      />
      <FormField
        id="login-password"
        label={t("account.fields.password")}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register("password")}
      />
      <div className="text-right text-sm">
        <Link to={paths.forgotPassword} className={LINK}>
          {t("account.login.forgot")}
        </Link>
      </div>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t("account.login.submitting") : t("account.login.submit")}
      </Button>
      <p className="text-center text-sm text-zinc-700">
        {t("account.login.noAccount")}{" "}
        <Link to={paths.register} className={LINK}>
          {t("account.login.register")}
        </Link>
      </p>
      <div className="text-center">
        <Button asChild variant="ghost">
          <Link to={paths.home}>{t("account.login.backHome")}</Link>
        </Button>
      </div>
    </form>
  );
}

export { LINK as ACCOUNT_LINK };
