import * as Dialog from "@radix-ui/react-dialog";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/error-text";
import type { SavedGlossary } from "../../api/types";
import { Button } from "../../components/ui/button";
import { useReturnFocus } from "../../components/ui/use-return-focus";
import { ModalFrame } from "../api-keys/dialog";
import { useDeleteGlossary, useGlossaries, useSaveGlossary } from "./api";
import { glossaryText, readGlossaryText } from "./glossary-text";

/**
 * The saved glossaries (GET/POST/PUT/DELETE /api/glossaries): the list, and one at a time
 * written as text, a term a line (`source = translation`, or tab-separated as a spreadsheet
 * copies it).
 */
export function GlossaryDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus(open);
  const glossaries = useGlossaries(open);
  const remove = useDeleteGlossary();
  const [editing, setEditing] = useState<SavedGlossary | "new" | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) setEditing(null);
        onOpenChange(next);
      }}
    >
      <ModalFrame
        title={t("translation.glossaries.title")}
        description={t("translation.glossaries.description")}
        onCloseAutoFocus={returnFocus}
      >
        {editing ? (
          <GlossaryEditor
            key={editing === "new" ? "new" : editing.id}
            glossary={editing === "new" ? null : editing}
            onDone={() => setEditing(null)}
          />
        ) : (
          <div className="mt-4 space-y-3">
            {glossaries.isError && (
              <p role="alert" className="text-sm text-red-800">
                {errorText(glossaries.error)}
              </p>
            )}
            {glossaries.isSuccess && glossaries.data.length === 0 && (
              <p className="text-sm text-zinc-600">{t("translation.glossaries.none")}</p>
            )}
            <ul className="space-y-2">
              {(glossaries.data ?? []).map((glossary) => (
                <li
                  key={glossary.id}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-zinc-200 p-2 text-sm"
                >
                  <span className="min-w-0 font-medium break-words text-zinc-900">
                    {glossary.name}{" "}
                    <span className="font-normal text-zinc-600">
                      {t("translation.glossaries.terms", { count: glossary.entries.length })}
                    </span>
                  </span>
                  {confirming === glossary.id ? (
                    // Asked in place: the row says what will go, and the answer is one click.
                    <span role="group" className="flex flex-wrap items-center gap-2">
                      <span className="text-red-800">
                        {t("translation.glossaries.confirmDelete", { name: glossary.name })}
                      </span>
                      <Button
                        size="sm"
                        variant="destructive"
                        disabled={remove.isPending}
                        onClick={() =>
                          remove.mutate(glossary.id, { onSuccess: () => setConfirming(null) })
                        }
                      >
                        {t("translation.glossaries.delete")}
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => setConfirming(null)}>
                        {t("common.cancel")}
                      </Button>
                    </span>
                  ) : (
                    <span className="flex gap-2">
                      <Button size="sm" variant="outline" onClick={() => setEditing(glossary)}>
                        {t("translation.glossaries.edit")}
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={t("translation.glossaries.deleteOne", { name: glossary.name })}
                        onClick={() => setConfirming(glossary.id)}
                      >
                        {t("translation.glossaries.delete")}
                      </Button>
                    </span>
                  )}
                </li>
              ))}
            </ul>
            {remove.isError && (
              <p role="alert" className="text-sm text-red-800">
                {errorText(remove.error)}
              </p>
            )}
            <div className="flex flex-wrap justify-between gap-2">
              <Button onClick={() => setEditing("new")}>{t("translation.glossaries.new")}</Button>
              <Dialog.Close asChild>
                <Button variant="outline">{t("common.close")}</Button>
              </Dialog.Close>
            </div>
          </div>
        )}
      </ModalFrame>
    </Dialog.Root>
  );
}

function GlossaryEditor({ glossary, onDone }: { glossary: SavedGlossary | null; onDone(): void }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveGlossary();
  const [name, setName] = useState(glossary?.name ?? "");
  const [text, setText] = useState(glossary ? glossaryText(glossary.entries) : "");
  const read = readGlossaryText(text);
  return (
    <form
      className="mt-4 space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (read.unreadable.length > 0) return;
        save.mutate(
          { ...(glossary ? { id: glossary.id } : {}), body: { name, entries: read.entries } },
          { onSuccess: onDone },
        );
      }}
    >
      <div className="space-y-1">
        <label htmlFor={`${id}-name`} className="block text-sm font-medium text-zinc-900">
          {t("translation.glossaries.name")}
        </label>
        <input
          id={`${id}-name`}
          required
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.target.value)}
          className="h-10 w-full rounded-md border border-zinc-300 px-3 text-sm"
        />
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-terms`} className="block text-sm font-medium text-zinc-900">
          {t("translation.glossaries.entries")}
        </label>
        <p id={`${id}-hint`} className="text-sm text-zinc-600">
          {t("translation.glossaries.entriesHint")}
        </p>
        <textarea
          id={`${id}-terms`}
          rows={8}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-describedby={`${id}-hint${read.unreadable.length > 0 ? ` ${id}-bad` : ""}`}
          aria-invalid={read.unreadable.length > 0}
          className="w-full rounded-md border border-zinc-300 px-3 py-2 font-mono text-sm"
          placeholder={"Verbatim = Verbatim\nLegislative Council = 立法會"}
        />
        {read.unreadable.length > 0 && (
          <p id={`${id}-bad`} role="alert" className="text-sm text-red-800">
            {t("translation.glossaries.unreadable", { lines: read.unreadable.join(", ") })}
          </p>
        )}
      </div>
      {save.isError && (
        <p role="alert" className="text-sm text-red-800">
          {errorText(save.error)}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" disabled={save.isPending || read.unreadable.length > 0}>
          {t("common.save")}
        </Button>
      </div>
    </form>
  );
}
