export {
  CAPTION_BACKGROUNDS,
  CAPTION_CROPS,
  CAPTION_FONTS,
  CAPTION_MAX_LINES,
  CAPTION_POSITIONS,
  CAPTION_SIZE_PERCENT,
  CAPTION_STYLE_NAMES,
  type CaptionBackground,
  type CaptionCrop,
  type CaptionFont,
  type CaptionPosition,
  type CaptionStyleName,
} from "@verbatim/contract/caption-styles";
export {
  AUDIO_PICTURE,
  captionFrame,
  isCaptionCrop,
  MAX_LONG_SIDE,
  MAX_SHORT_SIDE,
  type CaptionFrame,
  type FrameSize,
  type SafeArea,
} from "./caption-frame.js";
export {
  captionControlsProblem,
  captionStyle,
  defaultCaptionFont,
  isCaptionStyleName,
  isHexColour,
  type CaptionControls,
  type CaptionMode,
  type CaptionStyle,
} from "./caption-styles.js";
export { captionEvents, type CaptionEvent, type CaptionSpan } from "./caption-events.js";
export {
  captionAlignment,
  captionLayout,
  NOTO_CJK_LINE_EMS,
  type CaptionLayout,
} from "./caption-layout.js";
export { writeCaptionAss, type CaptionScript } from "./caption-ass.js";
export { lightSpeakerColour } from "../speaker-colours.js";
