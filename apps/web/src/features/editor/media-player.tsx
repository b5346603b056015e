import { formatTimecode } from "@verbatim/subtitles";
import { useEffect, useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toast-store";
import { EditorIcon } from "./icons";
import { isVideo } from "./use-media-url";

/**
 * The media player (spec §4): an <audio> or <video> of the local file, with play/pause that
 * resets when the file changes. Without a file, a note and a picker for the local copy.
 */
export function MediaPlayer({
  file,
  url,
  playing,
  timeMs,
  onElement,
  onPick,
  onTogglePlay,
  onTime,
  onPlayingChange,
}: {
  file: File | null;
  /** The file's object URL (see useMediaUrl). */
  url: string | null;
  playing: boolean;
  timeMs: number;
  onElement(element: HTMLMediaElement | null): void;
  onPick(file: File): void;
  onTogglePlay(): void;
  onTime(ms: number): void;
  onPlayingChange(playing: boolean): void;
}) {
  const { t } = useTranslation();
  const pickerId = useId();

  useEffect(() => {
    onPlayingChange(false);
    onTime(0);
  }, [url, onPlayingChange, onTime]);

  if (!file) {
    return (
      <div className="space-y-3 rounded-lg border border-zinc-200 bg-zinc-50 p-4 text-sm text-zinc-800">
        <p>{t("editor.player.notKept")}</p>
        <label htmlFor={pickerId} className="block font-medium">
          {t("editor.player.pick")}
        </label>
        <input
          id={pickerId}
          type="file"
          accept="audio/*,video/*,.mp3,.mp4"
          onChange={(event) => {
            const picked = event.target.files?.[0];
            if (picked) onPick(picked);
          }}
          className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-zinc-200 file:px-3 file:py-2 file:font-medium focus-visible:outline-2 focus-visible:outline-blue-600"
        />
      </div>
    );
  }

  const video = isVideo(file);
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
        <video
          key={url}
          {...events}
          playsInline
          className="aspect-video w-full rounded-lg bg-black"
        />
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
    </section>
  );
}
