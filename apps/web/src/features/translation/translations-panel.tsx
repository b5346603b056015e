import type { StyleName } from "@verbatim/subtitles";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { codeText, errorText } from "../../api/error-text";
import type { TranslationTrack } from "../../api/types";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toast-store";
import { ConfirmDialog } from "../history/confirm-dialog";
import { isTranslating, useRequestTranslation, useStopTranslation, useTranslations } from "./api";
import { GlossaryDialog } from "./glossary-dialog";
import { trackName } from "./language-names";
import { minutesOf, TranslateForm } from "./translate-form";

/** Whether this device keeps the panel open. */
const EXPANDED_KEY = "verbatim.translations-open";

/**
 * The editor's translations: each language's track or job (progress, flagged cues, what it
 * cost, why it failed), opening one side by side, cancelling or deleting it (after a warning),
 * and asking for another.
 */
export function TranslationsPanel({
  transcriptionId,
  durationMs,
  style,
  readOnly,
  open,
  onOpen,
}: {
  transcriptionId: string;
  durationMs: number | null;
  style: StyleName;
  readOnly: boolean;
  /** The language shown side by side, if any. */
  open: string | null;
  onOpen(language: string | null): void;
}) {
  const { t, i18n } = useTranslation();
  // Closed until opened (then remembered on this device): a transcription's translations are
  // asked for only by someone who uses them, as comments and renders are.
  const [expanded, setExpanded] = useState(() => localStorage.getItem(EXPANDED_KEY) === "1");
  const expand = (next: boolean) => {
    setExpanded(next);
    localStorage.setItem(EXPANDED_KEY, next ? "1" : "0");
  };
  const tracks = useTranslations(transcriptionId, expanded);
  const request = useRequestTranslation(transcriptionId);
  const stop = useStopTranslation(transcriptionId);
  const [asking, setAsking] = useState(false);
  const [glossariesOpen, setGlossariesOpen] = useState(false);
  const [deleting, setDeleting] = useState<string | null>(null);
  const list = tracks.data ?? [];

  const stopOne = (language: string, cancelling: boolean) =>
    stop.mutate(language, {
      onSuccess: () => {
        setDeleting(null);
        if (open === language && !cancelling) onOpen(null);
        toast({
          title: t(cancelling ? "translation.panel.cancelled" : "translation.panel.deleted", {
            language: trackName(language, i18n.language),
          }),
        });
      },
      onError: (error) => toast({ title: errorText(error), variant: "destructive" }),
    });

  return (
    <section aria-labelledby="translations-title" className="rounded-xl border border-zinc-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="translations-title" className="text-sm font-semibold text-zinc-900">
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls="translations-body"
            onClick={() => expand(!expanded)}
            className="tap-target flex items-center gap-1 rounded text-left"
          >
            <span aria-hidden="true">{expanded ? "▾" : "▸"}</span>
            {t("translation.panel.title")}
          </button>
        </h2>
        {!readOnly && !asking && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              expand(true);
              setAsking(true);
            }}
          >
            {t("translation.panel.translate")}
          </Button>
        )}
      </div>
      {expanded && (
        <div id="translations-body">
          {tracks.isError && (
            <p role="alert" className="mt-2 text-sm text-red-800">
              {errorText(tracks.error)}
            </p>
          )}
          {tracks.isSuccess && list.length === 0 && !asking && (
            <p className="mt-2 text-sm text-zinc-600">{t("translation.panel.none")}</p>
          )}
          {list.length > 0 && (
            <ul className="mt-2 space-y-2" aria-label={t("translation.panel.title")}>
              {list.map((track) => (
                <TrackItem
                  key={track.language}
                  track={track}
                  readOnly={readOnly}
                  isOpen={open === track.language}
                  onOpen={() => onOpen(open === track.language ? null : track.language)}
                  onCancel={() => stopOne(track.language, true)}
                  onDelete={() => setDeleting(track.language)}
                />
              ))}
            </ul>
          )}
          {asking && (
            <TranslateForm
              durationMs={durationMs}
              style={style}
              busy={request.isPending}
              error={request.error}
              exclude={list.filter(isTranslating).map((track) => track.language)}
              onCancel={() => {
                request.reset();
                setAsking(false);
              }}
              onManageGlossaries={() => setGlossariesOpen(true)}
              onSubmit={(body) =>
                request.mutate(body, {
                  onSuccess: (track) => {
                    setAsking(false);
                    toast({
                      title: t("translation.panel.queued", {
                        language: trackName(track.language, i18n.language),
                      }),
                      variant: "success",
                    });
                  },
                })
              }
            />
          )}
        </div>
      )}
      <GlossaryDialog open={glossariesOpen} onOpenChange={setGlossariesOpen} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("translation.panel.deleteTitle", {
          language: deleting ? trackName(deleting, i18n.language) : "",
        })}
        confirmLabel={t("translation.panel.delete")}
        destructive
        busy={stop.isPending}
        onConfirm={() => deleting && stopOne(deleting, false)}
        onOpenChange={(next) => !next && setDeleting(null)}
      >
        {t("translation.panel.deleteBody")}
      </ConfirmDialog>
    </section>
  );
}

function TrackItem({
  track,
  readOnly,
  isOpen,
  onOpen,
  onCancel,
  onDelete,
}: {
  track: TranslationTrack;
  readOnly: boolean;
  isOpen: boolean;
  onOpen(): void;
  onCancel(): void;
  onDelete(): void;
}) {
  const { t, i18n } = useTranslation();
  const name = trackName(track.language, i18n.language);
  const active = isTranslating(track);
  const reason = track.error ? (codeText(track.error.code) ?? track.error.message) : null;
  return (
    <li className="rounded-lg border border-zinc-200 p-2 text-sm" data-language={track.language}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-2">
        <span className="font-medium text-zinc-900">{name}</span>
        <span className="text-zinc-700" role={active ? "status" : undefined}>
          {track.status === "running"
            ? t("translation.status.running", { progress: track.progress })
            : t(`translation.status.${track.status}`)}
        </span>
      </div>
      {active && (
        <progress
          className="mt-1 h-2 w-full accent-blue-600"
          max={100}
          value={track.progress}
          aria-label={t("translation.status.progressOf", { language: name })}
        />
      )}
      {track.status === "completed" && track.flaggedCues > 0 && (
        <p className="mt-1 text-amber-900">
          {t("translation.panel.flagged", { count: track.flaggedCues })}
        </p>
      )}
      {reason && <p className="mt-1 text-red-800">{reason}</p>}
      <p className="mt-1 text-zinc-600">
        {track.chargedSeconds !== null
          ? t("translation.panel.charged", { minutes: minutesOf(track.chargedSeconds) })
          : t("translation.panel.reserved", { minutes: minutesOf(track.costSeconds) })}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        {(track.status === "completed" || track.cues.length > 0) && (
          <Button size="sm" variant={isOpen ? "secondary" : "outline"} onClick={onOpen}>
            {isOpen ? t("translation.panel.close") : t("translation.panel.open")}
          </Button>
        )}
        {!readOnly && active && (
          <Button size="sm" variant="outline" onClick={onCancel}>
            {t("translation.panel.cancel")}
          </Button>
        )}
        {!readOnly && !active && (
          <Button
            size="sm"
            variant="ghost"
            onClick={onDelete}
            aria-label={t("translation.panel.deleteOne", { language: name })}
          >
            {t("translation.panel.delete")}
          </Button>
        )}
      </div>
    </li>
  );
}
