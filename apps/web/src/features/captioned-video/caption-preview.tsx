import {
  captionAlignment,
  captionEvents,
  captionFrame,
  captionLayout,
  lightSpeakerColour,
  NOTO_CJK_LINE_EMS,
  type CaptionCrop,
  type CaptionFrame,
  type CaptionStyle,
} from "@verbatim/formats/captions";
import type { Cue, Speaker } from "@verbatim/subtitles";
import { useEffect, useMemo, useRef, useState, type CSSProperties } from "react";

/** The waveform picture's colours, as the server draws them (packages/engine/src/burn). */
const BACKGROUND = "#0F172A";
const WAVE = "#38BDF8";
const OUTLINE_DIRECTIONS: readonly (readonly [number, number])[] = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
  [0.7, 0.7],
  [-0.7, 0.7],
  [0.7, -0.7],
  [-0.7, -0.7],
];

/**
 * The render as it will look at `atMs`: the same caption events, sizes, margins and colours the
 * ASS script gives libass (packages/formats/src/captions), drawn in the DOM over the picture the
 * render will have — the user's own video at that moment, cut as the crop cuts it (`videoUrl`),
 * or else the waveform the server draws from the audio — scaled to the width shown. The font is
 * the installed Noto Sans CJK family when the device has it; line breaks may fall differently
 * where libass wraps a line too long for the frame.
 */
export function CaptionPreview({
  cues,
  speakers,
  language,
  style,
  crop,
  atMs,
  videoUrl = null,
}: {
  cues: readonly Cue[];
  speakers: readonly Speaker[] | undefined;
  language: string | null;
  style: CaptionStyle;
  crop: CaptionCrop;
  atMs: number;
  /** The user's video (an object URL of the copy on this device), when the render is over it. */
  videoUrl?: string | null;
}) {
  const video = useRef<HTMLVideoElement>(null);
  // The video's own size, once its metadata is read: the frame is cut and scaled from it.
  const [source, setSource] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => setSource(null), [videoUrl]);
  useEffect(() => {
    const element = video.current;
    if (element && source) element.currentTime = atMs / 1000;
  }, [atMs, source]);
  const frame = captionFrame(videoUrl ? source : null, crop);
  const layout = captionLayout(style, frame);
  const { width: frameWidth, height: frameHeight } = frame;
  const events = useMemo(
    () => captionEvents(cues, style, language, captionFrame(videoUrl ? source : null, crop)),
    // The frame is made anew each render: its size is what the lines depend on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [cues, style, language, frameWidth, frameHeight],
  );
  const event = events.find((e) => e.start <= atMs && atMs < e.end);
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const scale = width / frame.width;
  const px = (value: number) => `${value * scale}px`;
  const colour = `#${
    style.speakerColours && event?.speaker
      ? lightSpeakerColour(event.speaker, speakers)
      : style.colour
  }`;
  const boxed = style.background === "box";
  const lineStyle: CSSProperties = boxed
    ? {
        background: "rgba(0, 0, 0, 0.75)",
        padding: `0 ${px(layout.outline)}`,
        boxDecorationBreak: "clone",
        WebkitBoxDecorationBreak: "clone",
      }
    : {
        // The outline as eight hard shadows around the letters, then the soft drop shadow.
        textShadow: [
          ...OUTLINE_DIRECTIONS.map(
            ([x, y]) => `${px(layout.outline * x)} ${px(layout.outline * y)} 0 #000`,
          ),
          `${px(layout.shadow)} ${px(layout.shadow)} 0 rgba(0, 0, 0, 0.5)`,
        ].join(", "),
      };
  const fontSize = (layout.fontSize / NOTO_CJK_LINE_EMS) * scale;
  // The style's place, or the cue's own (top; left or right), as the render draws it.
  const alignment = event ? captionAlignment(event, layout.alignment) : layout.alignment;
  const place: CSSProperties =
    alignment <= 3
      ? { bottom: px(layout.marginV) }
      : alignment >= 7
        ? { top: px(layout.marginV) }
        : { top: "50%", transform: "translateY(-50%)" };
  const textAlign = (["left", "center", "right"] as const)[(alignment - 1) % 3];
  return (
    <div
      ref={box}
      data-testid="caption-preview"
      role="img"
      aria-label={
        event
          ? [
              ...event.lines.map((line) => line.map((span) => span.text).join("")),
              ...event.translation,
            ].join(" ")
          : ""
      }
      className="relative w-full overflow-hidden rounded-md"
      style={{
        aspectRatio: `${frame.width} / ${frame.height}`,
        background: videoUrl ? "#000" : BACKGROUND,
      }}
    >
      {videoUrl ? (
        <video
          ref={video}
          data-testid="caption-preview-video"
          src={videoUrl}
          muted
          playsInline
          preload="auto"
          aria-hidden="true"
          className="absolute max-w-none"
          onLoadedMetadata={(loaded) => {
            const { videoWidth, videoHeight } = loaded.currentTarget;
            if (videoWidth > 0 && videoHeight > 0) {
              setSource({ width: videoWidth, height: videoHeight });
            }
          }}
          style={cropPlacement(frame, source, width)}
        />
      ) : (
        <div
          aria-hidden="true"
          className="absolute inset-x-0 top-1/2 -translate-y-1/2"
          style={{ height: "2px", background: WAVE, opacity: 0.8 }}
        />
      )}
      {event && (
        <div
          aria-hidden="true"
          className="absolute whitespace-pre-wrap"
          style={{
            textAlign,
            left: px(layout.marginL),
            right: px(layout.marginR),
            ...place,
            fontFamily: `"${style.font}", "Noto Sans CJK HK", "Noto Sans", sans-serif`,
            fontWeight: style.bold ? 700 : 400,
            fontSize: `${fontSize}px`,
            lineHeight: NOTO_CJK_LINE_EMS,
            color: colour,
          }}
        >
          {event.lines.map((line, i) => (
            <div key={i}>
              <span style={lineStyle}>
                {line.map((span, j) => (
                  <span
                    key={j}
                    data-highlight={span.highlight || undefined}
                    data-italic={span.italic}
                    style={{
                      ...(span.highlight ? { color: `#${style.highlightColour}` } : {}),
                      ...(span.italic ? { fontStyle: "italic" } : {}),
                      ...(span.bold ? { fontWeight: 700 } : {}),
                      ...(span.underline ? { textDecoration: "underline" } : {}),
                    }}
                  >
                    {span.text}
                  </span>
                ))}
              </span>
            </div>
          ))}
          {event.translation.map((line, i) => (
            <div
              key={`t${i}`}
              style={{
                fontSize: `${fontSize * style.translationScale}px`,
                color: `#${style.translationColour}`,
              }}
            >
              <span style={lineStyle}>{line}</span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * Where the whole video goes so that the frame's cut of it fills the preview `shown` pixels
 * wide; hidden until its size is known.
 */
function cropPlacement(
  frame: CaptionFrame,
  source: { width: number; height: number } | null,
  shown: number,
): CSSProperties {
  if (!source || shown === 0) return { visibility: "hidden" };
  const k = shown / frame.crop.width;
  return {
    left: `${-frame.crop.x * k}px`,
    top: `${-frame.crop.y * k}px`,
    width: `${source.width * k}px`,
    height: `${source.height * k}px`,
  };
}
