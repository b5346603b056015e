export {
  AUDIO_PICTURE,
  CAPTION_CROPS,
  captionFrame,
  isCaptionCrop,
  MAX_LONG_SIDE,
  MAX_SHORT_SIDE,
  type CaptionCrop,
  type CaptionFrame,
  type FrameSize,
  type SafeArea,
} from "./caption-frame.js";
export {
  CAPTION_BACKGROUNDS,
  CAPTION_FONTS,
  CAPTION_MAX_LINES,
  CAPTION_POSITIONS,
  CAPTION_SIZE_PERCENT,
  CAPTION_STYLE_NAMES,
  captionControlsProblem,
  captionStyle,
  defaultCaptionFont,
  isCaptionStyleName,
  isHexColour,
  type CaptionBackground,
  type CaptionControls,
  type CaptionFont,
  type CaptionMode,
  type CaptionPosition,
  type CaptionStyle,
  type CaptionStyleName,
} from "./caption-styles.js";
export { captionEvents, type CaptionEvent, type CaptionSpan } from "./caption-events.js";
export { captionLayout, NOTO_CJK_LINE_EMS, type CaptionLayout } from "./caption-layout.js";
export { writeCaptionAss, type CaptionScript } from "./caption-ass.js";
