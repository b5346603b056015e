import * as Dialog from "@radix-ui/react-dialog";
import {
  CAPTION_BACKGROUNDS,
  CAPTION_CROPS,
  CAPTION_FONTS,
  CAPTION_POSITIONS,
  CAPTION_SIZE_PERCENT,
  CAPTION_STYLE_NAMES,
  captionStyle,
  type CaptionControls,
  type CaptionCrop,
  type CaptionStyleName,
} from "@verbatim/formats/captions";
import type { Cue, Speaker } from "@verbatim/subtitles";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/error-text";
import type { Render } from "../../api/types";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { ModalFrame } from "../api-keys/dialog";
import { timeMs } from "../editor/cue-operations";
import type { EditorCue } from "../editor/types";
import { CaptionPreview } from "./caption-preview";
import {
  downloadRender,
  isRenderActive,
  useCancelRender,
  useCreateRender,
  useCreateVideoRender,
  useRenders,
} from "./api";

/** Translation keys of the crops (a colon would be read as i18next's namespace separator). */
const CROP_KEYS: Record<CaptionCrop, string> = {
  source: "source",
  "16:9": "landscape",
  "9:16": "vertical",
  "1:1": "square",
};

const SELECT = "h-10 w-full rounded-md border border-zinc-300 bg-white px-3 text-sm";

/**
 * The editor's "Captioned video" button: choose a caption style and its controls, preview it at
 * a moment of the transcription (the same events and sizes the server's render draws), render
 * (the editor saves first: the server renders what it has stored) over the user's video when
 * this device has it (sent for the render, with progress) or else over a waveform, follow,
 * download, cancel.
 */
export function CaptionedVideoDialog({
  transcriptionId,
  language,
  durationMs,
  cues,
  speakers,
  playheadMs,
  video,
  onSave,
}: {
  transcriptionId: string;
  language: string | null;
  durationMs: number | null;
  cues: readonly EditorCue[];
  speakers: readonly Speaker[] | null;
  /** Where the player is: the preview opens there. */
  playheadMs: number | null;
  /**
   * The user's video on this device (the copy the browser kept of the upload, or one opened in
   * the player) and its object URL: the render is drawn over it. Null: over a waveform of the
   * audio the server keeps.
   */
  video: { file: File; url: string } | null;
  /** Saves the editor's changes; false when they could not be saved. */
  onSave(): Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [styleName, setStyleName] = useState<CaptionStyleName>("standard");
  const [crop, setCrop] = useState<CaptionCrop>("source");
  const [controls, setControls] = useState<CaptionControls>({});
  const [atMs, setAtMs] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const renders = useRenders(transcriptionId, open);
  const create = useCreateRender(transcriptionId);
  const createOverVideo = useCreateVideoRender(transcriptionId);
  const [sent, setSent] = useState<number | null>(null);
  const cancel = useCancelRender(transcriptionId);

  const subtitleCues = useMemo(() => asCues(cues), [cues]);
  const style = useMemo(
    () => captionStyle(styleName, controls, language),
    [styleName, controls, language],
  );
  const lastMs = Math.max(durationMs ?? 0, subtitleCues.at(-1)?.end ?? 0);
  const set = (change: CaptionControls) => setControls((now) => ({ ...now, ...change }));

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      // At the playhead when a cue is on there, else in the middle of the first cue.
      const on = subtitleCues.some(
        (cue) => playheadMs !== null && cue.start <= playheadMs && playheadMs < cue.end,
      );
      const first = subtitleCues[0];
      setAtMs(
        on && playheadMs !== null
          ? playheadMs
          : first
            ? Math.round((first.start + first.end) / 2)
            : 0,
      );
      setError(null);
    }
  };

  const render = async () => {
    setError(null);
    if (!(await onSave())) return;
    const body = { style: styleName, crop, ...controls };
    if (!video) {
      create.mutate(body, { onError: (failure) => setError(errorText(failure)) });
      return;
    }
    setSent(0);
    createOverVideo.mutate(
      { body, video: video.file, onProgress: setSent },
      {
        onError: (failure) => setError(errorText(failure)),
        onSettled: () => setSent(null),
      },
    );
  };
  const pending = create.isPending || createOverVideo.isPending;

  const latest = renders.data?.[0];
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm">
          {t("captions.open")}
        </Button>
      </Dialog.Trigger>
      <ModalFrame
        title={t("captions.title")}
        description={t("captions.description")}
        className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-4 shadow-xl focus-visible:outline-2 focus-visible:outline-blue-600 sm:p-6"
      >
        <div className="mt-4 grid gap-4 md:grid-cols-[3fr_2fr]">
          <div className="space-y-2">
            <div
              className={crop === "9:16" ? "mx-auto w-1/2" : crop === "1:1" ? "mx-auto w-3/4" : ""}
            >
              <CaptionPreview
                cues={subtitleCues}
                speakers={speakers ?? undefined}
                language={language}
                style={style}
                crop={crop}
                atMs={atMs}
                videoUrl={video?.url ?? null}
              />
            </div>
            <label className="block text-sm text-zinc-800">
              <span className="sr-only">{t("captions.previewAt")}</span>
              <input
                type="range"
                className="w-full"
                aria-label={t("captions.previewAt")}
                min={0}
                max={Math.max(1, lastMs)}
                step={100}
                value={atMs}
                onChange={(event) => setAtMs(Number(event.target.value))}
              />
            </label>
            <p className="text-xs text-zinc-600" data-testid="caption-picture-note">
              {video ? t("captions.pictureVideo") : t("captions.pictureWaveform")}{" "}
              {t("captions.costNote")}
            </p>
          </div>
          <div className="space-y-3">
            <Field id="caption-style" label={t("captions.style")}>
              <select
                id="caption-style"
                className={SELECT}
                value={styleName}
                onChange={(event) => setStyleName(event.target.value as CaptionStyleName)}
              >
                {CAPTION_STYLE_NAMES.map((name) => (
                  <option key={name} value={name}>
                    {t(`captions.styles.${name}`)}
                  </option>
                ))}
              </select>
            </Field>
            <Field id="caption-crop" label={t("captions.crop")}>
              <select
                id="caption-crop"
                className={SELECT}
                value={crop}
                onChange={(event) => setCrop(event.target.value as CaptionCrop)}
              >
                {CAPTION_CROPS.map((name) => (
                  <option key={name} value={name}>
                    {t(`captions.crops.${CROP_KEYS[name]}`)}
                  </option>
                ))}
              </select>
            </Field>
            <div className="grid grid-cols-2 gap-3">
              <Field id="caption-position" label={t("captions.position")}>
                <select
                  id="caption-position"
                  className={SELECT}
                  value={style.position}
                  onChange={(event) =>
                    set({ position: event.target.value as CaptionControls["position"] })
                  }
                >
                  {CAPTION_POSITIONS.map((name) => (
                    <option key={name} value={name}>
                      {t(`captions.positions.${name}`)}
                    </option>
                  ))}
                </select>
              </Field>
              <Field id="caption-background" label={t("captions.background")}>
                <select
                  id="caption-background"
                  className={SELECT}
                  value={style.background}
                  onChange={(event) =>
                    set({ background: event.target.value as CaptionControls["background"] })
                  }
                >
                  {CAPTION_BACKGROUNDS.map((name) => (
                    <option key={name} value={name}>
                      {t(`captions.backgrounds.${name}`)}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
            <Field id="caption-font" label={t("captions.font")}>
              <select
                id="caption-font"
                className={SELECT}
                value={style.font}
                onChange={(event) => set({ font: event.target.value as CaptionControls["font"] })}
              >
                {CAPTION_FONTS.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </Field>
            <div className="grid grid-cols-2 gap-3">
              <Field id="caption-size" label={t("captions.size", { percent: style.sizePercent })}>
                <input
                  id="caption-size"
                  type="range"
                  className="w-full"
                  min={CAPTION_SIZE_PERCENT.min}
                  max={CAPTION_SIZE_PERCENT.max}
                  step={0.5}
                  value={style.sizePercent}
                  onChange={(event) => set({ sizePercent: Number(event.target.value) })}
                />
              </Field>
              <Field id="caption-lines" label={t("captions.maxLines")}>
                <select
                  id="caption-lines"
                  className={SELECT}
                  value={style.maxLines}
                  onChange={(event) => set({ maxLines: Number(event.target.value) })}
                >
                  {[1, 2, 3].map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
            <div className="flex flex-wrap items-center gap-4 text-sm text-zinc-800">
              <label className="flex items-center gap-2">
                <input
                  type="color"
                  value={`#${style.colour}`}
                  onChange={(event) => set({ colour: event.target.value })}
                />
                {t("captions.colour")}
              </label>
              {style.mode === "karaoke" && (
                <label className="flex items-center gap-2">
                  <input
                    type="color"
                    value={`#${style.highlightColour}`}
                    onChange={(event) => set({ highlightColour: event.target.value })}
                  />
                  {t("captions.highlightColour")}
                </label>
              )}
              {speakers && speakers.length > 0 && (
                <label className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    checked={style.speakerColours}
                    onChange={(event) => set({ speakerColours: event.target.checked })}
                  />
                  {t("captions.speakerColours")}
                </label>
              )}
            </div>
          </div>
        </div>

        {error && (
          <p role="alert" className="mt-4 text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Button
            onClick={() => void render()}
            disabled={pending || (latest !== undefined && isRenderActive(latest))}
          >
            {t("captions.render")}
          </Button>
          {sent !== null ? (
            <div className="flex items-center gap-3">
              <progress
                className="w-32"
                max={100}
                value={Math.round(sent * 100)}
                aria-label={t("captions.sendingProgress")}
              />
              <span role="status" className="text-sm text-zinc-700">
                {t("captions.sending", { percent: Math.round(sent * 100) })}
              </span>
            </div>
          ) : (
            latest && (
              <RenderStatus
                render={latest}
                onCancel={(id) => cancel.mutate(id)}
                onError={setError}
              />
            )
          )}
          <Dialog.Close asChild>
            <Button variant="ghost" className="ml-auto">
              {t("captions.close")}
            </Button>
          </Dialog.Close>
        </div>
      </ModalFrame>
    </Dialog.Root>
  );
}

/** The newest render: its progress, or its download, or why it stopped. */
function RenderStatus({
  render,
  onCancel,
  onError,
}: {
  render: Render;
  onCancel(id: string): void;
  onError(message: string): void;
}) {
  const { t } = useTranslation();
  if (isRenderActive(render)) {
    return (
      <div className="flex items-center gap-3">
        <progress
          className="w-32"
          max={100}
          value={render.progress}
          aria-label={t("captions.progress")}
        />
        <span role="status" className="text-sm text-zinc-700">
          {t(`captions.status.${render.status}`, { percent: render.progress })}
        </span>
        <Button variant="outline" size="sm" onClick={() => onCancel(render.id)}>
          {t("captions.cancel")}
        </Button>
      </div>
    );
  }
  if (render.status === "completed") {
    return (
      <Button
        variant="secondary"
        onClick={() =>
          void downloadRender(render).catch((failure: unknown) => onError(errorText(failure)))
        }
      >
        {t("captions.download")}
      </Button>
    );
  }
  return (
    <span role="status" className="text-sm text-zinc-700">
      {render.error ? render.error.message : t(`captions.status.${render.status}`)}
    </span>
  );
}

/** The editor's cues as the caption styles read them (cues with an invalid time are left out). */
function asCues(cues: readonly EditorCue[]): Cue[] {
  return cues.flatMap((cue, i) => {
    const start = timeMs(cue.start);
    const end = timeMs(cue.end);
    if (start === null || end === null) return [];
    return [
      {
        index: i + 1,
        start,
        end,
        text: cue.text,
        ...(cue.words
          ? { words: cue.words.map((w) => ({ text: w.text, start: w.startMs, end: w.endMs })) }
          : {}),
        ...(cue.speaker ? { speaker: cue.speaker } : {}),
        ...(cue.translation !== undefined ? { translation: cue.translation } : {}),
      },
    ];
  });
}
