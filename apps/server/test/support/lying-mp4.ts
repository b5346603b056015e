import { readFileSync, writeFileSync } from "node:fs";

// An MP4 that lies about its length the way a hostile client would make one: every sample's
// duration in the time-to-sample table (`stts`) halved, and the durations of the movie, the
// track, the media and the edit list with them. Every sample is still there, so decoding gives
// the real length (twice what the header and the packet times say).

const CONTAINERS = new Set(["moov", "trak", "mdia", "minf", "stbl", "edts"]);

/** Writes `to`: the MP4 at `from` with its declared durations halved. */
export function halveMp4Durations(from: string, to: string): void {
  const bytes = readFileSync(from);
  const halve = (offset: number) =>
    bytes.writeUInt32BE(Math.floor(bytes.readUInt32BE(offset) / 2), offset);
  const walk = (start: number, end: number) => {
    for (let at = start; at + 8 <= end;) {
      const size = bytes.readUInt32BE(at);
      const type = bytes.toString("latin1", at + 4, at + 8);
      if (size < 8) throw new Error(`unsupported MP4 box size ${size} (${type})`);
      const body = at + 8; // version (1 byte) and flags (3 bytes) first in a full box
      const version0 = bytes[body] === 0;
      if (CONTAINERS.has(type)) walk(body, at + size);
      else if (type === "stts") {
        const entries = bytes.readUInt32BE(body + 4);
        for (let i = 0; i < entries; i++) halve(body + 8 + i * 8 + 4); // sample count, delta
      } else if ((type === "mvhd" || type === "mdhd") && version0) halve(body + 16);
      else if (type === "tkhd" && version0) halve(body + 20);
      else if (type === "elst" && version0) {
        const entries = bytes.readUInt32BE(body + 4);
        for (let i = 0; i < entries; i++) halve(body + 8 + i * 12);
      }
      at += size;
    }
  };
  walk(0, bytes.length);
  writeFileSync(to, bytes);
}
