import { formatTimecode } from "@verbatim/subtitles";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toast-store";
import { EditorIcon } from "./icons";
import { dateLocale } from "../../i18n/language";

/** What the player plays. */
export interface MediaSource {
  url: string;
  /** A video (the picture is shown, with the current subtitle over it), else audio only. */
  video: boolean;
  /** For the audio the server keeps: until when (else null: a file on this device). */
  keptUntil: string | null;
}

/**
 * The media player: an <audio> or <video> with play/pause that resets when the source
 * changes; over a video, the current subtitle as a viewer will see it. Without a source, a note
 * and a picker for the user's own copy; with the server's audio only, a picker for the picture.
 */
export function MediaPlayer({
  source,
  caption,
  playing,
  timeMs,
  onElement,
  onPick,
  onTogglePlay,
  onTime,
  onPlayingChange,
}: {
  source: MediaSource | null;
  /** The subtitle on screen now: drawn over a video, under the controls for audio. */
  caption: ReactNode;
  playing: boolean;
  timeMs: number;
  onElement(element: HTMLMediaElement | null): void;
  onPick(file: File): void;
  onTogglePlay(): void;
  onTime(ms: number): void;
  onPlayingChange(playing: boolean): void;
}) {
  const { t, i18n } = useTranslation();
  const pickerId = useId();
  const pickerInput = useRef<HTMLInputElement>(null);
  const url = source?.url ?? null;

  useEffect(() => {
    onPlayingChange(false);
    onTime(0);
  }, [url, onPlayingChange, onTime]);

  // The browser's own file control says "Choose File / No file chosen" in the browser's
  // language, not the interface's: a button in the interface's language opens it instead.
  const picker = (
    <>
      <label htmlFor={pickerId} className="block font-medium">
        {t("editor.player.pick")}
      </label>
      <input
        ref={pickerInput}
        id={pickerId}
        type="file"
        accept="audio/*,video/*,.mp3,.mp4"
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          const picked = event.target.files?.[0];
          if (picked) onPick(picked);
          event.target.value = "";
        }}
      />
      <Button
        type="button"
        variant="outline"
        className="mt-1"
        onClick={() => pickerInput.current?.click()}
      >
        {t("editor.player.choose")}
      </Button>
    </>
  );

  if (!source) {
    return (
      <div className="space-y-3 rounded-lg border border-zinc-200 bg-zinc-50 p-4 text-sm text-zinc-800">
        <p>{t("editor.player.notKept")}</p>
        {picker}
      </div>
    );
  }

  const video = source.video;
  const events = {
    ref: onElement,
    src: url ?? undefined,
    preload: "metadata",
    onPlay: () => onPlayingChange(true),
    onPause: () => onPlayingChange(false),
    onEnded: () => onPlayingChange(false),
    onTimeUpdate: (event: { currentTarget: HTMLMediaElement }) =>
      onTime(Math.round(event.currentTarget.currentTime * 1000)),
    onError: () => {
      onPlayingChange(false);
      toast({ title: t("editor.player.playbackFailed"), variant: "destructive" });
    },
  } as const;
  return (
    <section aria-label={t("editor.player.label")} className="space-y-2">
      {video ? (
        <div className="relative">
          <video
            key={url}
            {...events}
            playsInline
            className="aspect-video w-full rounded-lg bg-black"
          />
          {caption}
        </div>
      ) : (
        <audio key={url} {...events} className="hidden" />
      )}
      <div className="flex items-center gap-3">
        <Button onClick={onTogglePlay} className="min-w-24">
          <EditorIcon name={playing ? "pause" : "play"} />
          {playing ? t("editor.player.pause") : t("editor.player.play")}
        </Button>
        <span className="font-mono text-sm text-zinc-800 tabular-nums" aria-live="off">
          {formatTimecode(timeMs)}
        </span>
      </div>
      {!video && caption}
      {source.keptUntil && (
        <details className="text-sm text-zinc-700">
          <summary className="cursor-pointer">
            {t("editor.player.serverAudio", {
              date: new Intl.DateTimeFormat(dateLocale(i18n.language), {
                dateStyle: "medium",
              }).format(new Date(source.keptUntil)),
            })}
          </summary>
          <div className="mt-2 space-y-2">{picker}</div>
        </details>
      )}
    </section>
  );
}
