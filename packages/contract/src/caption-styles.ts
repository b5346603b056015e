// The words of captioned video (burned-in subtitles) that the API, the web app and the renderer
// share: style presets, crops, fonts, positions, backgrounds and the controls' bounds. How each
// preset looks is packages/formats/src/captions.

/** The presets, in the order a picker lists them. */
export const CAPTION_STYLE_NAMES = [
  "standard",
  "broadcast-box",
  "karaoke",
  "social-word",
  "bilingual",
] as const;
export type CaptionStyleName = (typeof CAPTION_STYLE_NAMES)[number];

/** Crops of a captioned video: the source's own frame, or a centred landscape, vertical or square cut. */
export const CAPTION_CROPS = ["source", "16:9", "9:16", "1:1"] as const;
export type CaptionCrop = (typeof CAPTION_CROPS)[number];

/**
 * The fonts a caption may use: the Noto Sans CJK families (Latin, Greek and Cyrillic as well as
 * Chinese, Japanese and Korean), installed with the system (Debian: fonts-noto-cjk), never
 * downloaded. Each family draws Han characters the way its region writes them.
 */
export const CAPTION_FONTS = [
  "Noto Sans CJK HK",
  "Noto Sans CJK TC",
  "Noto Sans CJK SC",
  "Noto Sans CJK JP",
  "Noto Sans CJK KR",
  "Noto Serif CJK TC",
  "Noto Serif CJK SC",
] as const;
export type CaptionFont = (typeof CAPTION_FONTS)[number];

export const CAPTION_POSITIONS = ["bottom", "top", "middle"] as const;
export type CaptionPosition = (typeof CAPTION_POSITIONS)[number];

/** `outline`: a dark outline and soft shadow around the letters; `box`: a dark box behind the lines. */
export const CAPTION_BACKGROUNDS = ["outline", "box"] as const;
export type CaptionBackground = (typeof CAPTION_BACKGROUNDS)[number];

/** Bounds of the numeric controls: the letters' em in % of the picture's short side; lines at once. */
export const CAPTION_SIZE_PERCENT = { min: 2, max: 12 } as const;
export const CAPTION_MAX_LINES = { min: 1, max: 3 } as const;

/**
 * What a render costs: one second of minutes for every ten seconds of media (a 60-minute video
 * takes 6 minutes of the balance), reserved when it is asked for, charged when it completes and
 * given back when it is cancelled or fails.
 */
export const RENDER_MEDIA_SECONDS_PER_CHARGED_SECOND = 10;
/** Renders a user may have queued or running at once. */
export const MAX_ACTIVE_RENDERS = 2;
/** The seconds of minutes a render of this much media costs. */
export function renderCostSeconds(durationMs: number): number {
  return Math.max(1, Math.ceil(durationMs / 1000 / RENDER_MEDIA_SECONDS_PER_CHARGED_SECOND));
}
