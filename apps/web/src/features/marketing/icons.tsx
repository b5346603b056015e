import { clsx } from "clsx";

// Outline icons (24 × 24, stroke), inline so the site needs no external assets. Decorative only.
const PATHS = {
  upload: "M12 16V4m0 0-4 4m4-4 4 4M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2",
  download: "M12 4v12m0 0-4-4m4 4 4-4M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2",
  bolt: "M13 3 4 14h7l-1 7 9-11h-7l1-7Z",
  globe:
    "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0 0c2.5-2.5 3.5-5.5 3.5-9S14.5 5.5 12 3m0 18c-2.5-2.5-3.5-5.5-3.5-9S9.5 5.5 12 3M3.5 9h17m-17 6h17",
  shield: "M12 3 5 6v5c0 4.5 3 8.5 7 10 4-1.5 7-5.5 7-10V6l-7-3Zm-3 9 2 2 4-4",
  edit: "M4 20h4L19 9l-4-4L4 16v4Zm9-13 4 4",
  clock: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-13v4l3 2",
  check: "m5 12 4 4 10-10",
  wave: "M3 12h2m2-4v8m4-11v14m4-10v6m4-8v10m2-5h0",
  server: "M4 5h16v6H4V5Zm0 8h16v6H4v-6Zm3-5h.01M7 16h.01",
  captions:
    "M3 6a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6Zm4 8h4m2 0h4m-10-3h2m2 0h6",
  mail: "M4 6h16v12H4V6Zm0 0 8 7 8-7",
  chat: "M4 5h16v11H9l-5 4V5Zm4 5h8",
  pin: "M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11Zm0-8.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z",
  history: "M4 12a8 8 0 1 0 2.3-5.7M4 4v3h3m5 1v4l3 2",
  sparkle: "M12 3v4m0 10v4M3 12h4m10 0h4M6 6l2.5 2.5m7 7L18 18M6 18l2.5-2.5m7-7L18 6",
  lock: "M6 11h12v10H6V11Zm2 0V7a4 4 0 0 1 8 0v4",
  users:
    "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-6 10a6 6 0 0 1 12 0m2-10a3 3 0 1 0 0-6m2 16a5 5 0 0 0-3-4.6",
  heart: "M12 20s-8-4.5-8-10.5A4.5 4.5 0 0 1 12 7a4.5 4.5 0 0 1 8 2.5C20 15.5 12 20 12 20Z",
  code: "m8 8-4 4 4 4m8-8 4 4-4 4m-6 2 4-12",
  film: "M4 4h16v16H4V4Zm4 0v16m8-16v16M4 8h4m-4 8h4m8-8h4m-4 8h4",
  chevron: "m6 9 6 6 6-6",
  arrow: "M5 12h14m-6-6 6 6-6 6",
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={clsx("h-6 w-6 shrink-0", className)}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

/** An icon in a soft blue tile, for cards. */
export function IconTile({ name }: { name: IconName }) {
  return (
    <span className="inline-flex h-11 w-11 items-center justify-center rounded-lg bg-blue-50 text-blue-700">
      <Icon name={name} />
    </span>
  );
}
