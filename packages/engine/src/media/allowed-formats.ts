// The only demuxers ffmpeg and ffprobe may use on an upload: real audio and video containers.
// Everything else is refused before a byte is interpreted — above all the formats that open
// other files or URLs named inside the upload (HLS and DASH playlists, concat lists, image
// sequences, SDP/RTP, ffmetadata, subtitles), which would let an upload read files on the
// server. One list, used by every ffmpeg and ffprobe call on user media.

/** Demuxer names as ffmpeg knows them (`ffmpeg -demuxers`); a container matches by any alias. */
export const ALLOWED_DEMUXERS = [
  // Audio
  "mp3",
  "aac",
  "wav",
  "w64",
  "flac",
  "ogg",
  "aiff",
  "caf",
  "amr",
  "ac3",
  "eac3",
  "dts",
  "truehd",
  "mlp",
  "tta",
  "wv",
  "ape",
  "tak",
  "au",
  "mpc",
  "mpc8",
  "gsm",
  "voc",
  "dsf",
  "loas",
  "xwma",
  // Video containers (their audio track is transcribed)
  "mov", // mov,mp4,m4a,3gp,3g2,mj2
  "matroska", // matroska,webm
  "avi",
  "asf", // wma, wmv
  "flv",
  "mpegts",
  "mpeg", // MPEG program streams (.mpg, .vob)
  "mxf",
  "nut",
  "rm",
  "dv",
] as const;

/** Only local files: no network protocols, no `concat:`/`subfile:`/`pipe:` tricks. */
export const ALLOWED_PROTOCOLS = ["file"] as const;

/**
 * Input options for every ffmpeg/ffprobe run on a user's file; they go before `-i` (ffmpeg) or
 * the input name (ffprobe). Nested opens inherit the protocol list, and the format list makes
 * playlists and lists fail before they are parsed.
 */
export function safeInputOptions(): string[] {
  return [
    "-protocol_whitelist",
    ALLOWED_PROTOCOLS.join(","),
    "-format_whitelist",
    ALLOWED_DEMUXERS.join(","),
  ];
}
