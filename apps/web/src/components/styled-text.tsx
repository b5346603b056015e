import { styledRuns } from "@verbatim/subtitles";
import { clsx } from "clsx";

/**
 * A subtitle's text as it is shown: its styling markup (cue-styling's `<i>`, `<b>`, `<u>`)
 * drawn as italics, bold and underline, never as tags.
 */
export function StyledText({ markup }: { markup: string }) {
  return (
    <>
      {styledRuns(markup).map((run, i) =>
        run.italic || run.bold || run.underline ? (
          <span
            key={i}
            className={clsx(
              run.italic && "italic",
              run.bold && "font-bold",
              run.underline && "underline",
            )}
          >
            {run.text}
          </span>
        ) : (
          <span key={i}>{run.text}</span>
        ),
      )}
    </>
  );
}
