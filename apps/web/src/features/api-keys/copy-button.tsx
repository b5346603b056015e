import { useEffect, useRef, useState, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { clsx } from "clsx";
import { toast } from "../../components/ui/toast-store";

/** Selects an element's text (an input's value, or the element's contents). */
export function selectContents(element: HTMLElement | null): void {
  if (!element) return;
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
    element.focus();
    element.select();
    return;
  }
  const selection = window.getSelection();
  if (!selection) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
}

/**
 * Copies `text` to the clipboard and says so; where the clipboard is unavailable or refused,
 * selects `target`'s text instead and asks for Ctrl+C.
 */
export function CopyButton({
  text,
  target,
  what,
  tone = "light",
  className,
}: {
  text: string;
  target: RefObject<HTMLElement | null>;
  /** What is copied, for the button's accessible name ("Copy {{what}}"). */
  what: string;
  /** light: on white cards; dark: on code blocks. */
  tone?: "light" | "dark";
  className?: string;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error("no clipboard");
      await navigator.clipboard.writeText(text);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 2000);
    } catch {
      selectContents(target.current);
      toast({ title: t("developers.copyFallback") });
    }
  };

  return (
    <>
      <button
        type="button"
        aria-label={t("developers.copyLabel", { what })}
        onClick={() => void copy()}
        className={clsx(
          "inline-flex h-8 shrink-0 items-center gap-1.5 rounded-md border px-3 text-sm font-medium whitespace-nowrap transition-colors",
          "focus-visible:outline-2 focus-visible:outline-offset-2",
          tone === "dark"
            ? "border-zinc-600 bg-zinc-900 text-zinc-100 hover:bg-zinc-700 focus-visible:outline-blue-400"
            : "border-zinc-300 bg-white text-zinc-900 hover:bg-zinc-50 focus-visible:outline-blue-600",
          className,
        )}
      >
        <CopyIcon done={copied} />
        {copied ? t("developers.copied") : t("developers.copy")}
      </button>
      <span role="status" className="sr-only">
        {copied ? t("developers.copiedStatus") : ""}
      </span>
    </>
  );
}

function CopyIcon({ done }: { done: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {done ? (
        <path d="M20 6 9 17l-5-5" />
      ) : (
        <>
          <rect x="9" y="9" width="12" height="12" rx="2" />
          <path d="M5 15V5a2 2 0 0 1 2-2h10" />
        </>
      )}
    </svg>
  );
}
