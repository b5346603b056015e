// The speech model families a transcription can run on. The engine names its recognisers by
// these (packages/engine/src/recognisers), and the API says which one a job ran on.

/**
 * whisper.cpp's Whisper; NVIDIA Parakeet TDT (whisper.cpp's parakeet library); SenseVoice
 * (sherpa-onnx), which writes Cantonese as spoken.
 */
export const MODEL_FAMILIES = ["whisper", "parakeet", "sensevoice"] as const;

export type ModelFamily = (typeof MODEL_FAMILIES)[number];
