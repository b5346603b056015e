import { MAX_COMMENT_CHARS, MAX_COMMENTER_NAME } from "@verbatim/contract";
import { parseTimecode } from "@verbatim/subtitles";
import { clsx } from "clsx";
import i18n from "i18next";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { download } from "../../api/client";
import { errorText } from "../../api/error-text";
import type { SharedTranscription } from "../../api/types";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input, Textarea } from "../../components/ui/input";
import { StyledText } from "../../components/styled-text";
import { toast } from "../../components/ui/toast-store";
import { speakerName } from "../editor/speakers";
import { clock } from "../workspace/media-duration";
import { dispositionFileName, saveBlob } from "../workspace/download-export";
import { grantHeaders, useAddSharedComment, useSharedComments } from "./api";
import { CommentList } from "./comment-list";
import { SharedOverview } from "../insights/shared-overview";
import * as tracks from "../translation/shared-tracks";

const DOWNLOADS = ["srt", "vtt", "txt", "docx"] as const;
const NAME_KEY = "verbatim.commenterName";

/** A subtitle with its times in milliseconds. */
function timed(subtitle: SharedTranscription["subtitles"][number]) {
  return {
    ...subtitle,
    startMs: parseTimecode(subtitle.startTime) ?? 0,
    endMs: parseTimecode(subtitle.endTime) ?? 0,
  };
}

/**
 * A shared transcription: the player (loaded when asked for, or on the first click on the
 * text), the transcript following playback (a click on a word or subtitle plays from there),
 * downloads and comments when the link allows them.
 */
export function SharedView({
  token,
  grant,
  shared,
}: {
  token: string;
  grant: string | null;
  shared: SharedTranscription;
}) {
  const { t } = useTranslation();
  const cues = shared.subtitles.map(timed);
  const media = useRef<HTMLAudioElement | null>(null);
  const pendingSeek = useRef<number | null>(null);
  const [playerOn, setPlayerOn] = useState(false);
  const [timeMs, setTimeMs] = useState(0);
  const current = cues.findIndex((cue) => timeMs >= cue.startMs && timeMs < cue.endMs);
  const currentRow = useRef<HTMLLIElement | null>(null);
  const [shown, setShown] = useState(tracks.ORIGINAL_ONLY);

  useEffect(() => {
    currentRow.current?.scrollIntoView?.({ block: "nearest", behavior: "smooth" });
  }, [current]);

  const seek = (ms: number) => {
    setTimeMs(ms);
    if (!shared.media) return;
    const element = media.current;
    if (!element) {
      pendingSeek.current = ms;
      setPlayerOn(true);
      return;
    }
    element.currentTime = ms / 1000;
    void element.play().catch(() => undefined);
  };

  const unnamed = (number: number) => t("editor.speakers.unnamed", { number });
  const save = async (format: (typeof DOWNLOADS)[number]) => {
    try {
      const track = tracks.downloadTrack(shown);
      const query = new URLSearchParams({ format, lang: i18n.language || "en", ...track });
      const file = await download(`/api/shared/${token}/export?${query}`, {
        headers: grantHeaders(grant),
      });
      saveBlob(file.blob, dispositionFileName(file.disposition) ?? `transcript.${format}`);
    } catch (error) {
      toast({ title: errorText(error), variant: "destructive" });
    }
  };

  return (
    <div className="space-y-6">
      <div className="sticky top-16 z-10 -mx-4 bg-white px-4 py-2 sm:static sm:mx-0 sm:px-0">
        {shared.media ? (
          playerOn ? (
            <audio
              ref={media}
              controls
              autoPlay
              preload="metadata"
              src={shared.media.url}
              className="w-full"
              onLoadedMetadata={(event) => {
                if (pendingSeek.current !== null) {
                  event.currentTarget.currentTime = pendingSeek.current / 1000;
                  pendingSeek.current = null;
                }
              }}
              onTimeUpdate={(event) => setTimeMs(event.currentTarget.currentTime * 1000)}
            />
          ) : (
            <Button onClick={() => setPlayerOn(true)}>{t("sharing.page.play")}</Button>
          )
        ) : (
          <p role="note" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            {shared.mediaGone === "expired"
              ? t("sharing.page.mediaExpired")
              : t("sharing.page.mediaNotKept")}
          </p>
        )}
      </div>

      {shared.overview && <SharedOverview overview={shared.overview} onSeek={seek} />}

      <tracks.SharedTrackSwitch shared={shared} value={shown} onChange={setShown} />

      {shared.permissions.download && (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium text-zinc-800">{t("sharing.page.download")}</span>
          {DOWNLOADS.map((format) => (
            <Button key={format} size="sm" variant="outline" onClick={() => void save(format)}>
              {format.toUpperCase()}
            </Button>
          ))}
        </div>
      )}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <section aria-labelledby="transcript-title">
          <h2 id="transcript-title" className="mb-2 text-lg font-semibold text-zinc-900">
            {t("sharing.page.transcript")}
          </h2>
          <ol className="space-y-1">
            {cues.map((cue, index) => (
              <li
                key={cue.id}
                ref={index === current ? currentRow : undefined}
                data-testid="shared-cue"
                aria-current={index === current ? "true" : undefined}
                className={clsx(
                  "flex flex-wrap gap-x-3 rounded-md px-2 py-1.5 sm:flex-nowrap",
                  index === current && "bg-blue-50",
                )}
              >
                <button
                  type="button"
                  className="tap-target shrink-0 font-mono text-xs text-blue-700 hover:underline"
                  aria-label={t("sharing.page.seek", { time: clock(cue.startMs / 1000) })}
                  onClick={() => seek(cue.startMs)}
                >
                  {clock(cue.startMs / 1000)}
                </button>
                <p
                  className="min-w-0 flex-1 text-zinc-900"
                  hidden={tracks.hidesOriginal(shared, shown, cue.id)}
                >
                  {cue.speaker && shared.speakers && (
                    <span className="mr-1 font-medium text-zinc-600">
                      {speakerName(shared.speakers, cue.speaker, unnamed)}:
                    </span>
                  )}
                  {cue.words && cue.words.length > 0 ? (
                    cue.words.map((word, i) => (
                      <span
                        key={i}
                        className={clsx(
                          "cursor-pointer rounded hover:bg-blue-100",
                          timeMs >= word.startMs && timeMs < word.endMs && "bg-yellow-100",
                        )}
                        onClick={() => seek(word.startMs)}
                      >
                        {word.text}
                      </span>
                    ))
                  ) : (
                    <StyledText markup={cue.text} />
                  )}
                </p>
                <tracks.CueTranslation shared={shared} shown={shown} subtitleId={cue.id} />
              </li>
            ))}
          </ol>
        </section>
        {shared.permissions.comment && (
          <SharedComments
            token={token}
            grant={grant}
            timeMs={timeMs}
            cueId={cues[current]?.id}
            onJump={seek}
          />
        )}
      </div>
    </div>
  );
}

/** A viewer's comments: the list, and a comment at the playhead (on its subtitle). */
function SharedComments({
  token,
  grant,
  timeMs,
  cueId,
  onJump,
}: {
  token: string;
  grant: string | null;
  timeMs: number;
  cueId: number | undefined;
  onJump: (ms: number) => void;
}) {
  const { t } = useTranslation();
  const comments = useSharedComments(token, grant, true);
  const add = useAddSharedComment(token, grant);
  const [name, setName] = useState(() => localStorage.getItem(NAME_KEY) ?? "");
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const startMs = Math.round(timeMs);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    localStorage.setItem(NAME_KEY, name);
    add.mutate(
      { authorName: name, body, startMs, ...(cueId !== undefined ? { cueId } : {}) },
      {
        onSuccess: () => {
          setBody("");
          toast({ title: t("sharing.page.sent"), variant: "success" });
        },
        onError: (failure) => setError(errorText(failure)),
      },
    );
  };

  return (
    <section aria-labelledby="shared-comments-title" className="space-y-3">
      <h2 id="shared-comments-title" className="text-lg font-semibold text-zinc-900">
        {t("sharing.comments.title")}
      </h2>
      <form onSubmit={submit} className="space-y-3 rounded-xl border border-zinc-200 p-3">
        <Field id="commenter-name" label={t("sharing.page.yourName")}>
          <Input
            id="commenter-name"
            required
            maxLength={MAX_COMMENTER_NAME}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </Field>
        <Field
          id="comment-body"
          label={t("sharing.page.comment")}
          hint={t("sharing.page.commentAt", { time: clock(startMs / 1000) })}
        >
          <Textarea
            id="comment-body"
            required
            rows={3}
            maxLength={MAX_COMMENT_CHARS}
            value={body}
            onChange={(event) => setBody(event.target.value)}
          />
        </Field>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? t("sharing.page.sending") : t("sharing.page.send")}
        </Button>
      </form>
      {comments.data && comments.data.length > 0 ? (
        <CommentList
          comments={comments.data}
          states
          onJump={(comment) => onJump(comment.startMs)}
        />
      ) : (
        <p className="text-sm text-zinc-600">{t("sharing.comments.empty")}</p>
      )}
    </section>
  );
}
