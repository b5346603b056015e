import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../components/ui/toast-store";

/** The player's state for the editor: its element, play/pause, the playhead and seeking. */
export function usePlayback() {
  const { t } = useTranslation();
  const mediaRef = useRef<HTMLMediaElement | null>(null);
  const [mediaElement, setMediaElement] = useState<HTMLMediaElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);

  const onElement = useCallback((element: HTMLMediaElement | null) => {
    mediaRef.current = element;
    setMediaElement(element);
  }, []);

  /** Moves the playhead (ms); null (an invalid time) does nothing. */
  const seekTo = useCallback((ms: number | null) => {
    if (ms === null) return;
    const element = mediaRef.current;
    if (element) element.currentTime = ms / 1000;
    setTime(ms);
  }, []);

  const togglePlay = useCallback(() => {
    const element = mediaRef.current;
    if (!element) return;
    if (!element.paused) return element.pause();
    const failed = () => {
      setPlaying(false);
      toast({ title: t("editor.player.playbackFailed"), variant: "destructive" });
    };
    try {
      void Promise.resolve(element.play()).catch((error: unknown) => {
        if (!(error instanceof DOMException && error.name === "AbortError")) failed();
      });
    } catch {
      failed();
    }
  }, [t]);

  /** The playhead in ms, read from the element (more precise than the last timeupdate). */
  const playhead = useCallback(() => {
    const element = mediaRef.current;
    return element ? Math.round(element.currentTime * 1000) : null;
  }, []);

  return {
    mediaElement,
    onElement,
    playing,
    setPlaying,
    time,
    setTime,
    seekTo,
    togglePlay,
    playhead,
  };
}
