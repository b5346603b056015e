import { open } from "node:fs/promises";

/** The sample rate live audio is sent and kept at. */
export const LIVE_SAMPLE_RATE = 16_000;
/** A WAV header (PCM, mono, 16-bit, 16 kHz) is this long; the samples follow it. */
export const WAV_HEADER_BYTES = 44;

/** A 16 kHz mono 16-bit WAV header for `dataBytes` of samples. */
export function wavHeader(dataBytes: number): Buffer {
  const header = Buffer.alloc(WAV_HEADER_BYTES);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write("WAVE", 8, "ascii");
  header.write("fmt ", 12, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(LIVE_SAMPLE_RATE, 24);
  header.writeUInt32LE(LIVE_SAMPLE_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** Writes the header for what the file holds now (a session's audio, once it has stopped). */
export async function closeWavFile(path: string, samples: number): Promise<void> {
  const file = await open(path, "r+");
  try {
    await file.truncate(WAV_HEADER_BYTES + samples * 2);
    await file.write(wavHeader(samples * 2), 0, WAV_HEADER_BYTES, 0);
  } finally {
    await file.close();
  }
}

/** 16-bit little-endian samples as floats (-1..1), for the speech engine. */
export function pcm16ToFloat(bytes: Buffer): Float32Array {
  const out = new Float32Array(bytes.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = bytes.readInt16LE(i * 2) / 32768;
  return out;
}

/** Milliseconds of `samples` at the live rate. */
export function samplesToMs(samples: number): number {
  return Math.floor((samples * 1000) / LIVE_SAMPLE_RATE);
}
