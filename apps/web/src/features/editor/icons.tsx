// Small outline icons for the editor's buttons (decorative: the buttons carry aria-labels).
const PATHS = {
  split: "M12 3v18M5 8l-3 4 3 4m14-8 3 4-3 4",
  merge: "M4 6h6l4 6-4 6H4m16-12h-4m4 12h-4",
  insert: "M12 5v14m-7-7h14",
  delete: "M5 7h14m-9 0V4h4v3m-7 0 1 13h8l1-13",
  undo: "M9 14 4 9l5-5M4 9h11a5 5 0 0 1 0 10h-3",
  redo: "m15 14 5-5-5-5m5 5H9a5 5 0 0 0 0 10h3",
  play: "M7 4v16l13-8L7 4Z",
  pause: "M7 4h3v16H7V4Zm7 0h3v16h-3V4Z",
  search: "M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14Zm9 2-4-4",
  keyboard: "M3 7h18v10H3V7Zm4 3h.01M11 10h.01M15 10h.01M8 14h8",
} as const;

export type EditorIconName = keyof typeof PATHS;

export function EditorIcon({
  name,
  className = "size-4",
}: {
  name: EditorIconName;
  className?: string;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
