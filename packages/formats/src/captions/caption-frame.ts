// The picture a captioned video is drawn on: its size (the source's, cropped when asked, at most
// 1080p) and the safe area the captions stay inside. One source for the renderer (the ASS
// script's PlayRes and margins, ffmpeg's crop and scale) and the editor's preview.

import { CAPTION_CROPS, type CaptionCrop } from "@verbatim/contract/caption-styles";

export function isCaptionCrop(value: unknown): value is CaptionCrop {
  return (CAPTION_CROPS as readonly unknown[]).includes(value);
}

/** A picture's size in pixels. */
export interface FrameSize {
  width: number;
  height: number;
}

/** Margins in output pixels, each side. */
export interface SafeArea {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The output frame: its size, the source rectangle it is cut from, the captions' safe area. */
export interface CaptionFrame extends FrameSize {
  /** The source's rectangle the output shows (the whole source when nothing is cut). */
  crop: FrameSize & { x: number; y: number };
  /** Where captions may go: nothing is drawn in these margins. */
  safe: SafeArea;
}

/** The largest output: 1080p, in either orientation (the short side at most 1080 px). */
export const MAX_SHORT_SIDE = 1080;
export const MAX_LONG_SIDE = 1920;

/**
 * The picture an audio-only transcription is drawn over (a waveform): 720p landscape, or the
 * crop's shape at 720 px on its short side.
 */
export const AUDIO_PICTURE: FrameSize = { width: 1280, height: 720 };

/**
 * Safe areas, as fractions of the output's width and height. Landscape and square: the title-safe
 * area of SMPTE ST 2046-1 and EBU R 95 (90 % of the picture, 5 % each side). Vertical (9:16):
 * the margins the short-video apps cover with their own buttons and captions: 12 % at the top,
 * 22 % at the bottom, 8 % left and 12 % right (the column of like and share buttons).
 */
const LANDSCAPE_SAFE = { left: 0.05, right: 0.05, top: 0.05, bottom: 0.05 };
const VERTICAL_SAFE = { left: 0.08, right: 0.12, top: 0.12, bottom: 0.22 };

/** The output frame of a source (null: an audio-only transcription, drawn over a picture). */
export function captionFrame(source: FrameSize | null, crop: CaptionCrop): CaptionFrame {
  const base = source ?? audioPicture(crop);
  const cut = cropRect(base, source === null ? "source" : crop);
  const scale = Math.min(
    1,
    MAX_SHORT_SIDE / Math.min(cut.width, cut.height),
    MAX_LONG_SIDE / Math.max(cut.width, cut.height),
  );
  const width = even(cut.width * scale);
  const height = even(cut.height * scale);
  const fractions = height > width ? VERTICAL_SAFE : LANDSCAPE_SAFE;
  return {
    width,
    height,
    crop: cut,
    safe: {
      left: Math.round(width * fractions.left),
      right: Math.round(width * fractions.right),
      top: Math.round(height * fractions.top),
      bottom: Math.round(height * fractions.bottom),
    },
  };
}

function audioPicture(crop: CaptionCrop): FrameSize {
  if (crop === "9:16") return { width: 720, height: 1280 };
  if (crop === "1:1") return { width: 720, height: 720 };
  return AUDIO_PICTURE;
}

/** The centred rectangle of the crop's shape, as large as the source allows (even sizes). */
function cropRect(source: FrameSize, crop: CaptionCrop): CaptionFrame["crop"] {
  const ratio = { source: 0, "16:9": 16 / 9, "9:16": 9 / 16, "1:1": 1 }[crop];
  let width = source.width;
  let height = source.height;
  if (ratio > 0) {
    if (width / height > ratio) width = height * ratio;
    else height = width / ratio;
  }
  width = even(Math.min(width, source.width));
  height = even(Math.min(height, source.height));
  return {
    width,
    height,
    x: Math.floor((source.width - width) / 2),
    y: Math.floor((source.height - height) / 2),
  };
}

/** H.264 in 4:2:0 needs even sizes. */
function even(value: number): number {
  return Math.max(2, Math.floor(value / 2) * 2);
}
