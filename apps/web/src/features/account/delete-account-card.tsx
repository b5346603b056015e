import * as Dialog from "@radix-ui/react-dialog";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { api } from "../../api/client";
import type { DeleteAccountBody, User } from "../../api/types";
import { paths } from "../../app/paths";
import { useSession } from "../../auth/session";
import { Button } from "../../components/ui/button";
import { Card, CardDescription, CardTitle } from "../../components/ui/card";
import { toast } from "../../components/ui/toast-store";
import { FormField } from "./form-field";
import { errorText } from "../../api/error-text";

/**
 * Danger zone: deleting the account after typing its password in a dialog (a signed-in session
 * alone is not enough; a wrong password is answered with the server's translated error).
 */
export function DeleteAccountCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const { expire } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [deleting, setDeleting] = useState(false);
  const confirmed = password.length > 0;

  const deleteAccount = async () => {
    setDeleting(true);
    try {
      await api<null>("/api/account", {
        method: "DELETE",
        body: { password } satisfies DeleteAccountBody,
      });
    } catch (error) {
      setDeleting(false);
      toast({
        title: t("account.delete.failedTitle"),
        description: errorText(error, t("account.delete.failedText")),
        variant: "destructive",
      });
      return;
    }
    // Home first, then drop the session: the signed-in guard would otherwise send us to /login.
    setOpen(false);
    await navigate(paths.home, { replace: true });
    expire();
    toast({
      title: t("account.delete.successTitle"),
      description: t("account.delete.successText"),
      variant: "success",
    });
  };

  return (
    <Card className="border-red-300">
      <CardTitle className="text-red-800">{t("account.delete.title")}</CardTitle>
      <CardDescription>{t("account.delete.text")}</CardDescription>
      <Dialog.Root
        open={open}
        onOpenChange={(next) => {
          if (deleting) return;
          setOpen(next);
          if (!next) setPassword("");
        }}
      >
        <Dialog.Trigger asChild>
          <Button variant="destructive" className="mt-4">
            {t("account.delete.button")}
          </Button>
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
          <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl focus-visible:outline-2 focus-visible:outline-blue-600">
            <Dialog.Title className="text-lg font-semibold text-zinc-900">
              {t("account.delete.dialogTitle")}
            </Dialog.Title>
            <Dialog.Description className="mt-2 text-sm text-zinc-700">
              {t("account.delete.dialogText")}
            </Dialog.Description>
            <form
              className="mt-4 space-y-4"
              onSubmit={(event) => {
                event.preventDefault();
                if (confirmed && !deleting) void deleteAccount();
              }}
            >
              <FormField
                id="delete-confirm-password"
                label={t("account.delete.confirmLabel", { email: user.email })}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
              <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                <Dialog.Close asChild>
                  <Button variant="outline" disabled={deleting}>
                    {t("account.delete.cancel")}
                  </Button>
                </Dialog.Close>
                <Button type="submit" variant="destructive" disabled={!confirmed || deleting}>
                  {deleting ? t("account.delete.deleting") : t("account.delete.confirm")}
                </Button>
              </div>
            </form>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </Card>
  );
}
