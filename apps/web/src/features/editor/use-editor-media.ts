// What the editor's player plays, and the URL it plays it from.
import { useEffect, useState } from "react";
import { fromDevice } from "./device-media";
import type { MediaSource } from "./media-player";
import type { EditorTranscription } from "./types";
import { isVideo, useMediaUrl } from "./use-media-url";

/**
 * The file just uploaded, one the user opens, the copy this browser kept of the upload, or
 * else the audio the server keeps for a while.
 */
export function useEditorMedia(transcription: EditorTranscription, media: File | null) {
  const [localMedia, setLocalMedia] = useState<File | null>(null);
  const [deviceMedia, setDeviceMedia] = useState<File | null>(null);
  useEffect(() => {
    if (media) return;
    let current = true;
    void fromDevice(transcription.id).then((kept) => current && setDeviceMedia(kept));
    return () => {
      current = false;
    };
  }, [media, transcription.id]);
  const file = media ?? localMedia ?? deviceMedia;
  const fileUrl = useMediaUrl(file);
  const serverAudio = file ? null : (transcription.audio ?? null);
  // Absolute, as the media element reports its source: the waveform compares the two and, when
  // they differ, swaps in a second download of the file mid-load (which also stops playback).
  const url = fileUrl ?? (serverAudio ? absoluteUrl(serverAudio.url) : null);
  const source: MediaSource | null = url
    ? {
        url,
        video: file ? isVideo(file) : false,
        keptUntil: serverAudio?.expiresAt ?? null,
      }
    : null;
  /** The local video file with its URL (for burning captions in), or null. */
  const video = file && fileUrl && isVideo(file) ? { file, url: fileUrl } : null;
  return { source, url, video, pickMedia: setLocalMedia };
}

function absoluteUrl(path: string): string {
  return typeof location === "undefined" ? path : new URL(path, location.href).href;
}
