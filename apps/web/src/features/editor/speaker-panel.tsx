import { MAX_SPEAKER_NAME } from "@verbatim/contract";
import { clsx } from "clsx";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/error-text";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toast-store";
import { useSaveSpeakerVoice } from "../voices/api";
import { speakerColour, speakerName, speakerNumber, type Speaker } from "./speakers";

const VOICE_HINT_ID = "speakers-voice-hint";

/**
 * The speakers of a diarized transcription: a name field per speaker (renaming there renames all
 * of their subtitles, as one undo step), how many subtitles each has, and "Save this voice",
 * which keeps the speaker's voice in the account so later transcriptions name them.
 */
export function SpeakerPanel({
  transcriptionId,
  speakers,
  counts,
  onRename,
}: {
  transcriptionId: string;
  speakers: readonly Speaker[];
  counts: ReadonlyMap<string, number>;
  onRename(id: string, name: string): void;
}) {
  const { t } = useTranslation();
  // A speaker left with no subtitles (all merged or deleted) is not listed; they stay in the
  // transcription's speakers, so a subtitle can still be given back to them.
  const listed = speakers.filter((speaker) => (counts.get(speaker.id) ?? 0) > 0);
  if (listed.length === 0) return null;
  return (
    <section
      aria-labelledby="speakers-title"
      className="space-y-2 rounded-lg border border-zinc-200 p-3"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id="speakers-title" className="text-sm font-semibold text-zinc-900">
          {t("editor.speakers.title")}
        </h2>
        <p className="text-xs text-zinc-700">{t("editor.speakers.hint")}</p>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {listed.map((speaker) => (
          <SpeakerItem
            key={speaker.id}
            transcriptionId={transcriptionId}
            speakers={speakers}
            speaker={speaker}
            count={counts.get(speaker.id) ?? 0}
            onRename={onRename}
          />
        ))}
      </ul>
      <p className="text-xs text-zinc-700">
        {listed.some((s) => !s.name?.trim()) && (
          // One line for every unnamed speaker's disabled "Save this voice" (tied to each button).
          <span id={VOICE_HINT_ID}>{t("editor.speakers.saveVoiceNeedsName")} </span>
        )}
        {t("editor.speakers.privacy")}
      </p>
    </section>
  );
}

function SpeakerItem({
  transcriptionId,
  speakers,
  speaker,
  count,
  onRename,
}: {
  transcriptionId: string;
  speakers: readonly Speaker[];
  speaker: Speaker;
  count: number;
  onRename(id: string, name: string): void;
}) {
  const { t } = useTranslation();
  const unnamed = t("editor.speakers.unnamed", { number: speakerNumber(speakers, speaker.id) });
  const shown = speakerName(speakers, speaker.id, () => unnamed);
  // The field keeps what is typed until it is committed (Enter or leaving it), so one rename is
  // one undo step; it follows the list when that changes from outside (undo, a restored draft).
  const [draft, setDraft] = useState(speaker.name ?? "");
  useEffect(() => setDraft(speaker.name ?? ""), [speaker.name]);
  const commit = () => {
    if (draft.trim() !== (speaker.name ?? "")) onRename(speaker.id, draft);
  };
  const save = useSaveSpeakerVoice();
  const saving = save.isPending;
  const saveVoice = () => {
    const name = speaker.name?.trim();
    if (!name) return;
    save.mutate(
      { name, transcriptionId, speakerId: speaker.id },
      {
        onSuccess: () =>
          toast({ title: t("editor.speakers.voiceSaved", { name }), variant: "success" }),
        onError: (error) =>
          toast({
            title: t("editor.speakers.voiceFailed"),
            description: errorText(error),
            variant: "destructive",
          }),
      },
    );
  };
  const colour = speakerColour(speakers, speaker.id);
  const inputId = `speaker-${speaker.id}-name`;
  return (
    <li className={clsx("space-y-1.5 rounded-md border p-2", colour.chip)}>
      <div className="flex items-center gap-2">
        <span aria-hidden="true" className={clsx("size-3 shrink-0 rounded-full", colour.swatch)} />
        <label htmlFor={inputId} className="sr-only">
          {t("editor.speakers.nameLabel", { speaker: unnamed })}
        </label>
        <input
          id={inputId}
          value={draft}
          placeholder={unnamed}
          maxLength={MAX_SPEAKER_NAME}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              commit();
            } else if (event.key === "Escape") {
              setDraft(speaker.name ?? "");
            }
          }}
          className="h-8 min-w-0 flex-1 rounded border border-zinc-400 bg-white px-2 text-sm text-zinc-900 placeholder:text-zinc-600 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600"
        />
        <span className="shrink-0 text-xs tabular-nums">
          {t("editor.speakers.cues", { count })}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={saving || !speaker.name?.trim()}
          aria-describedby={speaker.name?.trim() ? undefined : VOICE_HINT_ID}
          aria-label={t("editor.speakers.saveVoiceLabel", { speaker: shown })}
          onClick={saveVoice}
        >
          {t("editor.speakers.saveVoice")}
        </Button>
      </div>
    </li>
  );
}
