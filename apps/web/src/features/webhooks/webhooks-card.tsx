import * as Dialog from "@radix-ui/react-dialog";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/error-text";
import type { WebhookCreated, WebhookSummary } from "../../api/types";
import { Button } from "../../components/ui/button";
import { Card, CardDescription, CardTitle } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { toast } from "../../components/ui/toast-store";
import { useReturnFocus } from "../../components/ui/use-return-focus";
import { formatDate } from "../account/format";
import { ModalFrame } from "../api-keys/dialog";
import { useCreateWebhook, useDeleteWebhook, useSendTestEvent, useWebhooks } from "./api";
import { DeliveriesLog } from "./deliveries-log";
import { SecretDialog } from "./secret-dialog";

/**
 * /account: webhooks — add an endpoint (its signing secret shown once), list, delete, send a
 * test event, and each endpoint's deliveries log (docs/webhooks.md).
 */
export function WebhooksCard() {
  const { t, i18n } = useTranslation();
  const hooks = useWebhooks();
  const create = useCreateWebhook();
  const sendTest = useSendTestEvent();
  const [url, setUrl] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [created, setCreated] = useState<WebhookCreated | null>(null);
  const [deleting, setDeleting] = useState<WebhookSummary | null>(null);
  const [open, setOpen] = useState<string | null>(null);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      setCreated(await create.mutateAsync(url.trim()));
      setUrl("");
    } catch (failure) {
      setError(errorText(failure));
    }
  };
  const test = async (hook: WebhookSummary) => {
    try {
      await sendTest.mutateAsync(hook.id);
      setOpen(hook.id);
      toast({ title: t("account.webhooks.testSent"), variant: "success" });
    } catch (failure) {
      toast({ title: errorText(failure), variant: "destructive" });
    }
  };

  return (
    <Card>
      <CardTitle>{t("account.webhooks.title")}</CardTitle>
      <CardDescription>{t("account.webhooks.text")}</CardDescription>

      <form
        onSubmit={(event) => void add(event)}
        noValidate
        className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <div className="min-w-0 flex-1">
          <Field id="webhook-url" label={t("account.webhooks.urlLabel")} error={error}>
            <Input
              id="webhook-url"
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://example.com/verbatim-events"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              invalid={Boolean(error)}
              aria-describedby={error ? "webhook-url-error" : undefined}
            />
          </Field>
        </div>
        <Button type="submit" className="sm:mt-7" disabled={create.isPending || !url.trim()}>
          {create.isPending ? t("account.webhooks.adding") : t("account.webhooks.add")}
        </Button>
      </form>

      <div className="mt-6">
        {hooks.isPending ? (
          <p role="status" className="text-sm text-zinc-600">
            {t("common.loading")}
          </p>
        ) : hooks.isError ? (
          <div className="flex flex-wrap items-center gap-3">
            <p role="alert" className="text-sm text-red-800">
              {t("account.webhooks.loadFailed")}
            </p>
            <Button variant="outline" size="sm" onClick={() => void hooks.refetch()}>
              {t("common.retry")}
            </Button>
          </div>
        ) : hooks.data.length === 0 ? (
          <p className="rounded-lg border border-dashed border-zinc-300 px-4 py-6 text-center text-sm text-zinc-600">
            {t("account.webhooks.empty")}
          </p>
        ) : (
          <ul aria-label={t("account.webhooks.listLabel")} className="space-y-4">
            {hooks.data.map((hook) => (
              <li key={hook.id} className="rounded-lg border border-zinc-200 p-4">
                <p className="font-mono text-sm break-all text-zinc-900">{hook.url}</p>
                <p className="mt-1 text-sm text-zinc-600">
                  {t("account.webhooks.created", {
                    date: formatDate(hook.createdAt, i18n.language),
                  })}
                </p>
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={sendTest.isPending}
                    onClick={() => void test(hook)}
                  >
                    {t("account.webhooks.test")}
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-expanded={open === hook.id}
                    onClick={() => setOpen(open === hook.id ? null : hook.id)}
                  >
                    {open === hook.id
                      ? t("account.webhooks.hideDeliveries")
                      : t("account.webhooks.showDeliveries")}
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => setDeleting(hook)}>
                    {t("account.webhooks.delete")}
                  </Button>
                </div>
                {open === hook.id && (
                  <div className="mt-3">
                    <DeliveriesLog webhookId={hook.id} />
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>

      <SecretDialog created={created} onClose={() => setCreated(null)} />
      <DeleteWebhookDialog hook={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}

/** Asks before deleting `hook` (open while it is set); its pending deliveries go with it. */
function DeleteWebhookDialog({
  hook,
  onClose,
}: {
  hook: WebhookSummary | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteWebhook();
  const returnFocus = useReturnFocus(hook !== null);
  const confirm = async (target: WebhookSummary) => {
    try {
      await remove.mutateAsync(target.id);
      onClose();
      toast({ title: t("account.webhooks.deleted"), variant: "success" });
    } catch (failure) {
      toast({ title: errorText(failure), variant: "destructive" });
    }
  };
  return (
    <Dialog.Root
      open={hook !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen && !remove.isPending) onClose();
      }}
    >
      {hook && (
        <ModalFrame
          title={t("account.webhooks.deleteTitle")}
          description={t("account.webhooks.deleteText", { url: hook.url })}
          onCloseAutoFocus={returnFocus}
        >
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button variant="outline" disabled={remove.isPending}>
                {t("common.cancel")}
              </Button>
            </Dialog.Close>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() => void confirm(hook)}
            >
              {t("account.webhooks.delete")}
            </Button>
          </div>
        </ModalFrame>
      )}
    </Dialog.Root>
  );
}
