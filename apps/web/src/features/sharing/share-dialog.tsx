import * as Dialog from "@radix-ui/react-dialog";
import { MAX_SHARE_PASSWORD } from "@verbatim/contract";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/error-text";
import type { ShareExpiry } from "../../api/types";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { toast } from "../../components/ui/toast-store";
import { ModalFrame } from "../api-keys/dialog";
import { useCreateShareLink, useRevokeShareLink, useShareLinks } from "./api";
import { dateLocale } from "../../i18n/language";

const EXPIRIES: ShareExpiry[] = ["1d", "7d", "30d", "never"];

/**
 * The Share button (editor and History): makes links (expiry, password, downloads, comments,
 * whether the page shows the summary and chapters), lists, revokes.
 */
export function ShareDialog({
  transcriptionId,
  variant = "outline",
}: {
  transcriptionId: string;
  /** The Share button's look (History's row actions are quieter). */
  variant?: "outline" | "ghost";
}) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const links = useShareLinks(transcriptionId, open);
  const create = useCreateShareLink(transcriptionId);
  const revoke = useRevokeShareLink(transcriptionId);
  const [expiresIn, setExpiresIn] = useState<ShareExpiry>("7d");
  const [password, setPassword] = useState("");
  const [allowDownload, setAllowDownload] = useState(false);
  const [allowComments, setAllowComments] = useState(true);
  const [showOverview, setShowOverview] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    create.mutate(
      {
        expiresIn,
        allowDownload,
        allowComments,
        showOverview,
        ...(password !== "" ? { password } : {}),
      },
      {
        onSuccess: (link) => {
          setPassword("");
          void navigator.clipboard?.writeText(link.url).then(
            () => toast({ title: t("sharing.copied"), variant: "success" }),
            () => undefined,
          );
        },
        onError: (failure) => setError(errorText(failure)),
      },
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant={variant} size="sm">
          {t("sharing.share")}
        </Button>
      </Dialog.Trigger>
      <ModalFrame title={t("sharing.dialogTitle")} description={t("sharing.dialogText")}>
        <form className="mt-4 space-y-4" onSubmit={submit}>
          <Field id="share-expiry" label={t("sharing.expiresIn")}>
            <select
              id="share-expiry"
              className="h-10 w-full rounded-md border border-zinc-300 bg-white px-3 text-sm"
              value={expiresIn}
              onChange={(event) => setExpiresIn(event.target.value as ShareExpiry)}
            >
              {EXPIRIES.map((expiry) => (
                <option key={expiry} value={expiry}>
                  {t(`sharing.expiry.${expiry}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field id="share-password" label={t("sharing.password")} hint={t("sharing.passwordHint")}>
            <Input
              id="share-password"
              type="password"
              autoComplete="new-password"
              maxLength={MAX_SHARE_PASSWORD}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </Field>
          <label className="flex items-center gap-2 text-sm text-zinc-800 max-sm:min-h-11">
            <input
              type="checkbox"
              checked={allowDownload}
              onChange={(event) => setAllowDownload(event.target.checked)}
            />
            {t("sharing.allowDownload")}
          </label>
          <label className="flex items-center gap-2 text-sm text-zinc-800 max-sm:min-h-11">
            <input
              type="checkbox"
              checked={allowComments}
              onChange={(event) => setAllowComments(event.target.checked)}
            />
            {t("sharing.allowComments")}
          </label>
          <div>
            <label className="flex items-center gap-2 text-sm text-zinc-800 max-sm:min-h-11">
              <input
                type="checkbox"
                checked={showOverview}
                aria-describedby="share-overview-hint"
                onChange={(event) => setShowOverview(event.target.checked)}
              />
              {t("sharing.showOverview")}
            </label>
            <p id="share-overview-hint" className="mt-1 ml-6 text-xs text-zinc-600">
              {t("sharing.showOverviewHint")}
            </p>
          </div>
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? t("sharing.creating") : t("sharing.create")}
          </Button>
        </form>

        <h3 className="mt-6 text-sm font-semibold text-zinc-900">{t("sharing.links")}</h3>
        {links.data && links.data.length === 0 && (
          <p className="mt-2 text-sm text-zinc-600">{t("sharing.noLinks")}</p>
        )}
        <ul className="mt-2 space-y-3">
          {links.data?.map((link) => (
            <li key={link.id} className="rounded-lg border border-zinc-200 p-3">
              <input
                readOnly
                aria-label={t("sharing.copy")}
                className="w-full truncate rounded border border-zinc-200 bg-zinc-50 px-2 py-1 font-mono text-xs"
                value={link.url}
                onFocus={(event) => event.target.select()}
              />
              <p className="mt-2 text-xs text-zinc-600">
                {link.expiresAt
                  ? t("sharing.expires", {
                      date: new Date(link.expiresAt).toLocaleString(dateLocale(i18n.language)),
                    })
                  : t("sharing.forever")}
                {link.hasPassword && ` · ${t("sharing.withPassword")}`}
                {link.allowDownload && ` · ${t("sharing.allowDownload")}`}
                {link.allowComments && ` · ${t("sharing.allowComments")}`}
                {!link.showOverview && ` · ${t("sharing.overviewHidden")}`}
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() =>
                    void navigator.clipboard
                      ?.writeText(link.url)
                      .then(() => toast({ title: t("sharing.copied"), variant: "success" }))
                  }
                >
                  {t("sharing.copy")}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={revoke.isPending}
                  onClick={() =>
                    revoke.mutate(link.id, {
                      onSuccess: () => toast({ title: t("sharing.revoked") }),
                      onError: (failure) => setError(errorText(failure)),
                    })
                  }
                >
                  {t("sharing.revoke")}
                </Button>
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-6 flex justify-end">
          <Dialog.Close asChild>
            <Button variant="ghost">{t("sharing.close")}</Button>
          </Dialog.Close>
        </div>
      </ModalFrame>
    </Dialog.Root>
  );
}
