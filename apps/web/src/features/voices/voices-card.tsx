import { MAX_SPEAKER_NAME, MAX_VOICES } from "@verbatim/contract";
import { useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { codeText, errorText } from "../../api/error-text";
import { Button } from "../../components/ui/button";
import { Card, CardDescription, CardTitle } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { toast } from "../../components/ui/toast-store";
import { formatDate } from "../account/format";
import { ConfirmDialog } from "../history/confirm-dialog";
import type { Voice } from "../../api/types";
import { useAddVoice, useDeleteVoice, useRenameVoice, useVoices } from "./api";

function failed(title: string, error: unknown) {
  toast({ title, description: errorText(error), variant: "destructive" });
}

/**
 * /account: saved voices — list (name, date, length), rename, delete (confirmed: a voice cannot
 * be brought back), and add one from a short clip. Saved voices name speakers in later
 * transcriptions with speakers on; the privacy line says what is kept and for whom.
 */
export function VoicesCard() {
  const { t } = useTranslation();
  const voices = useVoices();
  const [deleting, setDeleting] = useState<Voice | null>(null);
  const remove = useDeleteVoice();
  const count = voices.data?.length ?? 0;
  return (
    <Card role="region" aria-labelledby="voices-title">
      <CardTitle>
        <span id="voices-title">{t("account.voices.title")}</span>
      </CardTitle>
      <CardDescription>{t("account.voices.intro")}</CardDescription>
      <p className="mt-2 text-sm text-zinc-700">{t("account.voices.privacy")}</p>

      <div className="mt-5">
        <AddVoiceForm disabled={!voices.data || count >= MAX_VOICES} />
        {count >= MAX_VOICES && (
          <p className="mt-2 text-sm text-zinc-700">
            {codeText("VOICE_LIMIT", { limit: MAX_VOICES })}
          </p>
        )}
      </div>

      <div className="mt-6">
        {voices.isPending ? (
          <p role="status" className="text-sm text-zinc-600">
            {t("common.loading")}
          </p>
        ) : voices.isError ? (
          <div className="flex flex-wrap items-center gap-3">
            <p role="alert" className="text-sm text-red-800">
              {t("account.voices.loadFailed")}
            </p>
            <Button variant="outline" size="sm" onClick={() => void voices.refetch()}>
              {t("common.retry")}
            </Button>
          </div>
        ) : count === 0 ? (
          <p className="rounded-lg border border-dashed border-zinc-300 px-4 py-6 text-center text-sm text-zinc-700">
            {t("account.voices.empty")}
          </p>
        ) : (
          <ul
            aria-label={t("account.voices.title")}
            className="divide-y divide-zinc-200 rounded-lg border border-zinc-200"
          >
            {voices.data.map((voice) => (
              <VoiceRow key={voice.id} voice={voice} onDelete={() => setDeleting(voice)} />
            ))}
          </ul>
        )}
      </div>

      <ConfirmDialog
        open={deleting !== null}
        title={t("account.voices.deleteTitle")}
        confirmLabel={t("account.voices.delete")}
        destructive
        busy={remove.isPending}
        onOpenChange={(open) => !open && setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toast({ title: t("account.voices.deleted"), variant: "success" });
            },
            onError: (error) => failed(t("account.voices.failed"), error),
          });
        }}
      >
        {t("account.voices.deleteText", { name: deleting?.name ?? "" })}
      </ConfirmDialog>
    </Card>
  );
}

function VoiceRow({ voice, onDelete }: { voice: Voice; onDelete(): void }) {
  const { t, i18n } = useTranslation();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(voice.name);
  const rename = useRenameVoice();
  const inputId = `voice-${voice.id}-name`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = name.trim();
    if (next === "" || next === voice.name) return setRenaming(false);
    rename.mutate(
      { id: voice.id, name: next },
      {
        onSuccess: () => {
          setRenaming(false);
          toast({ title: t("account.voices.renamed"), variant: "success" });
        },
        onError: (error) => failed(t("account.voices.failed"), error),
      },
    );
  };
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
      {renaming ? (
        <form onSubmit={submit} className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
          <label htmlFor={inputId} className="sr-only">
            {t("account.voices.renameLabel", { name: voice.name })}
          </label>
          <Input
            id={inputId}
            value={name}
            maxLength={MAX_SPEAKER_NAME}
            autoFocus
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => event.key === "Escape" && setRenaming(false)}
            className="h-9 max-w-64 min-w-0 flex-1"
          />
          <Button type="submit" size="sm" disabled={rename.isPending}>
            {t("account.voices.renameSave")}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => setRenaming(false)}>
            {t("account.voices.renameCancel")}
          </Button>
        </form>
      ) : (
        <div className="min-w-0 flex-1">
          <p className="font-medium break-words text-zinc-900">{voice.name}</p>
          <p className="mt-1 text-sm text-zinc-600">
            <span className="sr-only">{t("account.voices.created")} </span>
            {formatDate(voice.createdAt, i18n.language)}
            <span aria-hidden="true"> · </span>
            <span className="sr-only">{t("account.voices.length")} </span>
            {t("account.voices.seconds", { seconds: Math.round(voice.seconds) })}
          </p>
        </div>
      )}
      {!renaming && (
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-label={t("account.voices.renameButton", { name: voice.name })}
            onClick={() => {
              setName(voice.name);
              setRenaming(true);
            }}
          >
            {t("account.voices.rename")}
          </Button>
          <Button
            variant="outline"
            size="sm"
            aria-label={t("account.voices.deleteLabel", { name: voice.name })}
            onClick={onDelete}
          >
            {t("account.voices.delete")}
          </Button>
        </div>
      )}
    </li>
  );
}

function AddVoiceForm({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const add = useAddVoice();
  const [name, setName] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || !file) return;
    add.mutate(
      { name: trimmed, file },
      {
        onSuccess: (voice) => {
          setName("");
          setFile(null);
          if (fileInput.current) fileInput.current.value = "";
          toast({ title: t("account.voices.added", { name: voice.name }), variant: "success" });
        },
        onError: (error) => failed(t("account.voices.failed"), error),
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      aria-labelledby="add-voice-title"
      className="space-y-3 rounded-lg border border-zinc-200 p-4"
    >
      <h3 id="add-voice-title" className="text-sm font-semibold text-zinc-900">
        {t("account.voices.addTitle")}
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="voice-name" label={t("account.voices.addName")}>
          <Input
            id="voice-name"
            value={name}
            maxLength={MAX_SPEAKER_NAME}
            disabled={disabled}
            onChange={(event) => setName(event.target.value)}
          />
        </Field>
        <Field id="voice-file" label={t("account.voices.addFile")}>
          <input
            id="voice-file"
            ref={fileInput}
            type="file"
            accept="audio/*,video/*"
            disabled={disabled}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            className="block w-full text-sm text-zinc-800 file:mr-3 file:rounded-md file:border file:border-zinc-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-zinc-900"
          />
        </Field>
      </div>
      <Button type="submit" size="sm" disabled={disabled || add.isPending || !name.trim() || !file}>
        {add.isPending ? t("account.voices.adding") : t("account.voices.add")}
      </Button>
    </form>
  );
}
