/** Where `verbatim watch` remembers what is done, in the output folder unless `--state` says. */
export const WATCH_STATE_FILE = ".verbatim-watch.json";
