import { clsx } from "clsx";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { EditorIcon } from "./icons";
import { ShiftControl } from "./shift-control";
import { ShortcutsHelp } from "./shortcuts-help";
import type { SaveStatus } from "./use-save";

export type EditorView = "srt" | "plain";

/** The editing tools' state and actions (left out of a read-only toolbar). */
interface EditingToolsProps {
  canUndo: boolean;
  canRedo: boolean;
  onUndo(): void;
  onRedo(): void;
  onShift(offsetMs: number): void;
  /** The earliest time of any cue: how far back a shift may go. */
  earliestMs: number | null;
  latestStartMs: number | null;
  /** The media's length (ms), when known. */
  mediaMs: number | null;
  /** How many cues overlap the one before. */
  overlaps: number;
  onFixOverlaps(): void;
  onSplitAtPlayhead(): void;
  /** Whether a cue is on screen at the playhead. */
  canSplitAtPlayhead: boolean;
}

/** View toggle, undo/redo, shift, find and replace, shortcuts help and the save status. */
export function EditorToolbar({
  view,
  onView,
  findOpen,
  onToggleFind,
  extra,
  status,
  keptOnDevice,
  readOnly = false,
  ...editing
}: EditingToolsProps & {
  view: EditorView;
  onView(view: EditorView): void;
  findOpen: boolean;
  onToggleFind(): void;
  /** More tools for this transcript (e.g. Chinese script conversion). */
  extra?: ReactNode;
  status: SaveStatus;
  /** Whether the current state is written on this device (said while offline). */
  keptOnDevice: boolean;
  /**
   * Read-only subtitles (a team's viewer): only what works without editing (the views, find,
   * the shortcuts) is shown; the editing tools and `extra` are left out, not shown dead.
   */
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="toolbar"
      aria-label={t("editor.toolbar.label")}
      className="flex flex-wrap items-end gap-3"
    >
      <div
        role="group"
        aria-label={t("editor.views.label")}
        className="inline-flex rounded-md border border-zinc-300 p-0.5"
      >
        {(["srt", "plain"] as const).map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={view === name}
            onClick={() => onView(name)}
            className={clsx(
              "h-8 rounded px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-blue-600",
              view === name ? "bg-zinc-900 text-white" : "text-zinc-800 hover:bg-zinc-100",
            )}
          >
            {t(`editor.views.${name}`)}
          </button>
        ))}
      </div>
      {!readOnly && <EditingTools {...editing} />}
      <Button
        variant={findOpen ? "secondary" : "outline"}
        size="sm"
        aria-expanded={findOpen}
        onClick={onToggleFind}
      >
        <EditorIcon name="search" />
        {t(readOnly ? "editor.find.find" : "editor.find.open")}
      </Button>
      {!readOnly && extra}
      <ShortcutsHelp />
      <p
        role="status"
        className={clsx(
          "ml-auto self-center text-sm",
          status === "invalid" || status === "failed" ? "text-red-700" : "text-zinc-600",
        )}
      >
        {readOnly
          ? t("editor.status.readOnly")
          : t(
              status === "offline" && !keptOnDevice
                ? "editor.status.offlineKeeping"
                : `editor.status.${status}`,
            )}
      </p>
    </div>
  );
}

/** Undo and redo, split at the playhead, shift, and fixing overlaps: the editing tools. */
function EditingTools({
  canUndo,
  canRedo,
  onUndo,
  onRedo,
  onShift,
  earliestMs,
  latestStartMs,
  mediaMs,
  overlaps,
  onFixOverlaps,
  onSplitAtPlayhead,
  canSplitAtPlayhead,
}: EditingToolsProps) {
  const { t } = useTranslation();
  return (
    <>
      <div className="flex gap-1">
        <Button
          variant="outline"
          size="sm"
          aria-label={t("editor.toolbar.undo")}
          title="Ctrl+Z"
          disabled={!canUndo}
          onClick={onUndo}
        >
          <EditorIcon name="undo" />
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-label={t("editor.toolbar.redo")}
          title="Ctrl+Shift+Z"
          disabled={!canRedo}
          onClick={onRedo}
        >
          <EditorIcon name="redo" />
        </Button>
      </div>
      <Button
        variant="outline"
        size="sm"
        title="Alt+Shift+Enter"
        disabled={!canSplitAtPlayhead}
        onClick={onSplitAtPlayhead}
      >
        <EditorIcon name="split" />
        {t("editor.toolbar.splitAtPlayhead")}
      </Button>
      <ShiftControl
        onShift={onShift}
        earliestMs={earliestMs}
        latestStartMs={latestStartMs}
        mediaMs={mediaMs}
      />
      {overlaps > 0 && (
        <Button variant="outline" size="sm" onClick={onFixOverlaps} className="text-red-800">
          {t("editor.toolbar.fixOverlaps", { count: overlaps })}
        </Button>
      )}
    </>
  );
}
