// Slaney-style mel filterbank, as librosa.filters.mel(sr=16000, n_fft=400, n_mels=80) computes it;
// whisper.cpp model files carry exactly this matrix (80 x 201 float32).

const F_SP = 200 / 3;
const MIN_LOG_HZ = 1000;
const MIN_LOG_MEL = MIN_LOG_HZ / F_SP;
const LOG_STEP = Math.log(6.4) / 27;

function hzToMel(hz: number): number {
  return hz >= MIN_LOG_HZ ? MIN_LOG_MEL + Math.log(hz / MIN_LOG_HZ) / LOG_STEP : hz / F_SP;
}

function melToHz(mel: number): number {
  return mel >= MIN_LOG_MEL ? MIN_LOG_HZ * Math.exp(LOG_STEP * (mel - MIN_LOG_MEL)) : F_SP * mel;
}

/** The mel filterbank whisper uses: `nMels` rows of `nFft / 2 + 1` weights, row-major. */
export function slaneyMelFilterbank(nMels = 80, nFft = 400, sampleRate = 16000): Float32Array {
  const bins = Math.floor(nFft / 2) + 1;
  const fftFreqs = Array.from({ length: bins }, (_, i) => (i * sampleRate) / 2 / (bins - 1));
  const maxMel = hzToMel(sampleRate / 2);
  const melFreqs = Array.from({ length: nMels + 2 }, (_, i) => melToHz((i * maxMel) / (nMels + 1)));
  const weights = new Float32Array(nMels * bins);
  for (let m = 0; m < nMels; m++) {
    const [low, center, high] = [melFreqs[m] ?? 0, melFreqs[m + 1] ?? 0, melFreqs[m + 2] ?? 0];
    const norm = 2 / (high - low);
    for (let k = 0; k < bins; k++) {
      const f = fftFreqs[k] ?? 0;
      const rising = (f - low) / (center - low);
      const falling = (high - f) / (high - center);
      weights[m * bins + k] = Math.max(0, Math.min(rising, falling)) * norm;
    }
  }
  return weights;
}
