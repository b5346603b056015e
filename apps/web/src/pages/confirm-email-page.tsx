import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { call } from "../api/call";
import { ApiError } from "../api/client";
import { queryKeys } from "../api/queries";
import { paths } from "../app/paths";
import { useSession } from "../auth/session";
import { Button } from "../components/ui/button";
import { AuthCard, Notice } from "../features/account/auth-card";

/**
 * /confirm-email?token=…&email=… (the link sent to a new address): one button confirms it (a
 * button, not on load, so a mail scanner opening the link changes nothing).
 */
export default function ConfirmEmailPage() {
  const { t } = useTranslation();
  const { token: session } = useSession();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const email = params.get("email") ?? "";
  const confirm = useMutation({
    mutationFn: () => call("confirmEmail", { body: { token, email } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me }),
  });
  const next = session ? paths.account : paths.login;

  if (!token || !email) {
    return (
      <AuthCard title={t("account.confirmEmail.title")}>
        <Notice tone="error">{t("account.confirmEmail.invalid")}</Notice>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t("account.confirmEmail.title")}
      intro={t("account.confirmEmail.intro", { email })}
    >
      <div className="space-y-5">
        {confirm.isSuccess ? (
          <>
            <Notice tone="success">
              {t("account.confirmEmail.done", { email: confirm.data.email })}
            </Notice>
            <Button asChild className="w-full">
              <Link to={next}>
                {session ? t("account.confirmEmail.toAccount") : t("account.confirmEmail.toLogin")}
              </Link>
            </Button>
          </>
        ) : (
          <>
            {confirm.isError && (
              <Notice tone="error">
                {confirm.error instanceof ApiError && confirm.error.code === "EMAIL_TAKEN"
                  ? t("account.settings.emailTaken")
                  : t("account.confirmEmail.invalid")}
              </Notice>
            )}
            <Button
              className="w-full"
              disabled={confirm.isPending}
              onClick={() => confirm.mutate()}
            >
              {t("account.confirmEmail.confirm")}
            </Button>
          </>
        )}
      </div>
    </AuthCard>
  );
}
