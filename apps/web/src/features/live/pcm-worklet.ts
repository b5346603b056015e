// The AudioWorklet that turns what the microphone or a tab plays into what the live socket
// takes: mono, resampled to 16 kHz (linear interpolation from the context's rate), 16-bit
// little-endian, in frames of 100 ms posted to the page. Loaded from a Blob URL: it is a few
// lines, and a separate built file would need a build step of its own.

/** Samples per frame sent: 100 ms at 16 kHz. */
export const FRAME_SAMPLES = 1_600;

const SOURCE = `
class PcmFrames extends AudioWorkletProcessor {
  constructor() {
    super();
    this.step = sampleRate / 16000;
    this.position = 0;
    this.previous = 0;
    this.frame = new Int16Array(${FRAME_SAMPLES});
    this.filled = 0;
  }
  process(inputs) {
    const channels = inputs[0];
    if (!channels || channels.length === 0) return true;
    const length = channels[0].length;
    for (let i = 0; i < length; i++) {
      let mixed = 0;
      for (const channel of channels) mixed += channel[i];
      mixed /= channels.length;
      // Emit every output sample that falls between the previous input sample and this one.
      while (this.position <= 1) {
        const value = this.previous + (mixed - this.previous) * this.position;
        const clipped = Math.max(-1, Math.min(1, value));
        this.frame[this.filled++] = clipped < 0 ? clipped * 32768 : clipped * 32767;
        if (this.filled === this.frame.length) {
          this.port.postMessage(this.frame.buffer, [this.frame.buffer]);
          this.frame = new Int16Array(${FRAME_SAMPLES});
          this.filled = 0;
        }
        this.position += this.step;
      }
      this.position -= 1;
      this.previous = mixed;
    }
    return true;
  }
}
registerProcessor("pcm-frames", PcmFrames);
`;

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
  const url = URL.createObjectURL(new Blob([SOURCE], { type: "text/javascript" }));
  try {
    await context.audioWorklet.addModule(url);
  } finally {
    URL.revokeObjectURL(url);
  }
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
  return Boolean(brands?.some((entry) => /Chromium|Google Chrome|Microsoft Edge/.test(entry.brand)));
}
