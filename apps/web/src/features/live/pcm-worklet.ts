// The AudioWorklet (public/live/pcm-frames.js) that turns what the microphone or a tab plays
// into what the live socket takes: mono, resampled to 16 kHz, 16-bit little-endian, in frames
// of 100 ms (FRAME_SAMPLES) posted to the page.

/** Samples per frame sent: 100 ms at 16 kHz. */
export const FRAME_SAMPLES = 1_600;

/** Captured audio as 16 kHz frames: `onFrame` gets each; `stop()` ends the capture. */
export interface Capture {
  stop(): Promise<void>;
}

/** Starts sending a stream's audio (microphone or tab) as frames of 16 kHz 16-bit PCM. */
export async function captureFrames(
  stream: MediaStream,
  onFrame: (frame: Int16Array) => void,
): Promise<Capture> {
  const context = new AudioContext();
  await context.audioWorklet.addModule("/live/pcm-frames.js");
  const source = context.createMediaStreamSource(stream);
  const node = new AudioWorkletNode(context, "pcm-frames", {
    numberOfInputs: 1,
    numberOfOutputs: 0,
    channelCount: 2,
    channelCountMode: "explicit",
  });
  node.port.onmessage = (event: MessageEvent<ArrayBuffer>) => onFrame(new Int16Array(event.data));
  source.connect(node);
  return {
    async stop() {
      source.disconnect();
      node.port.onmessage = null;
      stream.getTracks().forEach((track) => track.stop());
      await context.close();
    },
  };
}

/** Whether this browser can share a tab's audio (desktop Chromium browsers; not Firefox or Safari, nor phones). */
export function canCaptureTabAudio(): boolean {
  const devices = navigator.mediaDevices as MediaDevices | undefined;
  if (!devices || typeof devices.getDisplayMedia !== "function") return false;
  // Only Chromium offers the audio of a tab; elsewhere getDisplayMedia gives no audio track.
  const brands = (navigator as Navigator & { userAgentData?: { brands?: { brand: string }[] } })
    .userAgentData?.brands;
  return Boolean(
    brands?.some((entry) => /Chromium|Google Chrome|Microsoft Edge/.test(entry.brand)),
  );
}
