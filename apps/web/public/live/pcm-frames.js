// The live page's AudioWorklet (src/features/live/pcm-worklet.ts loads it): the audio it is
// given, as mono 16-bit little-endian PCM at 16 kHz (linear interpolation from the context's
// rate), in frames of 100 ms (1,600 samples) posted to the page. A static file of the app's own
// origin: the Content-Security-Policy lets no other script in, a Blob URL included.
/* global AudioWorkletProcessor, sampleRate, registerProcessor -- the AudioWorkletGlobalScope's own names */
class PcmFrames extends AudioWorkletProcessor {
  constructor() {
    super();
    this.step = sampleRate / 16000;
    this.position = 0;
    this.previous = 0;
    this.frame = new Int16Array(1600);
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
          this.frame = new Int16Array(1600);
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
