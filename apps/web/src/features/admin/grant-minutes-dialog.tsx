import * as Dialog from "@radix-ui/react-dialog";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MAX_GRANT_MINUTES } from "@verbatim/contract";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api/client";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input, Textarea } from "../../components/ui/input";
import { toast } from "../../components/ui/toast-store";
import { errorText } from "../../api/error-text";
import type { AdminUser, GrantMinutesBody, GrantMinutesResponse } from "../../api/types";
import { adminUsersKey } from "./admin-users";

/**
 * Grant minutes: a button opening a form (minutes, which pool, reason) that posts one grant;
 * the reason goes into the user's minute ledger. Focus comes back to the button on close.
 */
export function GrantMinutesDialog({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [minutes, setMinutes] = useState("");
  const [pool, setPool] = useState<NonNullable<GrantMinutesBody["pool"]>>("pack");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ minutes?: string; reason?: string }>({});
  // One id per opening of the form: a double submit grants once.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());

  const grant = useMutation({
    mutationFn: (body: Omit<GrantMinutesBody, "requestId">) =>
      api<GrantMinutesResponse>(`/api/admin/users/${user.id}/minutes`, {
        method: "POST",
        body: { ...body, requestId } satisfies GrantMinutesBody,
      }),
    onSuccess: async (_, body) => {
      await queryClient.invalidateQueries({ queryKey: adminUsersKey });
      toast({
        title: t("admin.users.grantedTitle"),
        description: t("admin.users.grantedText", { count: body.minutes, email: user.email }),
        variant: "success",
      });
      setOpen(false);
    },
    onError: (error) =>
      toast({
        title: t("admin.users.grantFailed"),
        description: errorText(error, t("admin.users.grantFailed")),
        variant: "destructive",
      }),
  });

  const reset = (next: boolean) => {
    setOpen(next);
    if (next) {
      setMinutes("");
      setPool("pack");
      setReason("");
      setErrors({});
      setRequestId(crypto.randomUUID());
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const count = Number(minutes);
    const found: typeof errors = {};
    if (!/^\d+$/.test(minutes.trim()) || count < 1 || count > MAX_GRANT_MINUTES) {
      found.minutes = t("admin.users.minutesInvalid", { max: MAX_GRANT_MINUTES });
    }
    if (reason.trim() === "") found.reason = t("admin.users.reasonRequired");
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    grant.mutate({ minutes: count, pool, reason: reason.trim() });
  };

  return (
    <Dialog.Root open={open} onOpenChange={reset}>
      <Dialog.Trigger asChild>
        <Button
          size="sm"
          variant="outline"
          aria-label={t("admin.users.grantFor", { email: user.email })}
        >
          {t("admin.users.grant")}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-zinc-900">
            {t("admin.users.grantTitle")}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm break-all text-zinc-700">
            {user.email}
          </Dialog.Description>
          <form noValidate className="mt-4 space-y-4" onSubmit={submit}>
            <Field
              id={`grant-minutes-${user.id}`}
              label={t("admin.users.minutes")}
              error={errors.minutes}
            >
              <Input
                id={`grant-minutes-${user.id}`}
                inputMode="numeric"
                value={minutes}
                invalid={Boolean(errors.minutes)}
                aria-describedby={errors.minutes ? `grant-minutes-${user.id}-error` : undefined}
                onChange={(event) => setMinutes(event.target.value)}
              />
            </Field>
            <fieldset className="space-y-1.5">
              <legend className="text-sm font-medium text-zinc-800">{t("admin.users.pool")}</legend>
              {(["pack", "plan"] as const).map((value) => (
                <label key={value} className="flex items-start gap-2 text-sm text-zinc-800">
                  <input
                    type="radio"
                    name={`grant-pool-${user.id}`}
                    value={value}
                    checked={pool === value}
                    onChange={() => setPool(value)}
                    className="mt-1"
                  />
                  <span>{t(`admin.users.pools.${value}`)}</span>
                </label>
              ))}
            </fieldset>
            <Field
              id={`grant-reason-${user.id}`}
              label={t("admin.users.reason")}
              error={errors.reason}
            >
              <Textarea
                id={`grant-reason-${user.id}`}
                rows={3}
                maxLength={500}
                value={reason}
                invalid={Boolean(errors.reason)}
                aria-describedby={errors.reason ? `grant-reason-${user.id}-error` : undefined}
                onChange={(event) => setReason(event.target.value)}
              />
            </Field>
            <div className="flex justify-end gap-3">
              <Dialog.Close asChild>
                <Button variant="outline">{t("common.cancel")}</Button>
              </Dialog.Close>
              <Button type="submit" disabled={grant.isPending}>
                {grant.isPending ? t("admin.users.granting") : t("admin.users.grantConfirm")}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
