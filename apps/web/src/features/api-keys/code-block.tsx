import { useRef } from "react";
import { CopyButton } from "./copy-button";

/**
 * A titled block of code with a Copy button. Long lines scroll inside the box (focusable, so
 * the keyboard can scroll it too), never the page.
 */
export function CodeBlock({
  title,
  code,
  what,
}: {
  title: string;
  code: string;
  /** What the Copy button copies, for its accessible name. */
  what: string;
}) {
  const codeRef = useRef<HTMLElement>(null);
  return (
    <div className="max-w-full min-w-0 overflow-hidden rounded-lg border border-zinc-800 bg-zinc-900 shadow-sm">
      <div className="flex items-center justify-between gap-3 border-b border-zinc-700 bg-zinc-800 py-1.5 pr-1.5 pl-4">
        <span className="truncate font-mono text-xs font-medium text-zinc-200">{title}</span>
        <CopyButton text={code} target={codeRef} what={what} tone="dark" />
      </div>
      <pre
        tabIndex={0}
        className="overflow-x-auto p-4 text-sm leading-relaxed text-zinc-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-400"
      >
        <code ref={codeRef} className="font-mono">
          {code}
        </code>
      </pre>
    </div>
  );
}
