import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { EditorIcon } from "./icons";

const SHORTCUTS = [
  ["Space · Ctrl+Space", "playPause"],
  ["Alt+↓", "next"],
  ["Alt+↑", "previous"],
  ["Alt+[", "setStart"],
  ["Alt+]", "setEnd"],
  ["Ctrl+Z", "undo"],
  ["Ctrl+Shift+Z · Ctrl+Y", "redo"],
  ["Alt+Enter", "split"],
  ["Alt+Shift+Enter", "splitAtPlayhead"],
  ["Alt+M", "merge"],
  ["Alt+N", "insert"],
  ["Alt+Shift+Backspace", "delete"],
  ["Ctrl+I", "italic"],
  ["Ctrl+B", "bold"],
  ["Ctrl+U", "underline"],
  ["Alt+T", "top"],
  ["Ctrl+F", "find"],
  ["F3 · Shift+F3", "findNext"],
  ["Ctrl + wheel", "zoom"],
] as const;

/** A small popover listing the keyboard shortcuts; closes on Escape or a click outside. */
export function ShortcutsHelp() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    const onClick = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onClick);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <Button
        variant="ghost"
        size="sm"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <EditorIcon name="keyboard" />
        {t("editor.shortcuts.open")}
      </Button>
      {open && (
        <div
          id={panelId}
          role="dialog"
          aria-label={t("editor.shortcuts.title")}
          className="absolute right-0 z-20 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-lg border border-zinc-200 bg-white p-4 text-sm shadow-lg"
        >
          <h3 className="font-semibold text-zinc-900">{t("editor.shortcuts.title")}</h3>
          <p className="mt-1 text-zinc-600">{t("editor.shortcuts.note")}</p>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5">
            {SHORTCUTS.map(([keys, name]) => (
              <div key={name} className="contents">
                <dt>
                  <kbd className="rounded border border-zinc-300 bg-zinc-50 px-1.5 font-mono text-xs">
                    {keys}
                  </kbd>
                </dt>
                <dd className="text-zinc-800">{t(`editor.shortcuts.${name}`)}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </div>
  );
}
