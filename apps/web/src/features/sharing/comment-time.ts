import { clock } from "../workspace/media-duration";

/** A comment's place: `1:05`, or `1:05–1:12` for a range. */
export function commentTime(comment: { startMs: number; endMs: number }): string {
  const start = clock(comment.startMs / 1000);
  const end = clock(comment.endMs / 1000);
  return end === start ? start : `${start}–${end}`;
}
