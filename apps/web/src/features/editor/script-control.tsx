import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../components/ui/toast-store";
import type { EditorCue } from "./types";

/** The Chinese scripts the editor converts between (the engine's own names). */
const SCRIPTS = ["hk", "tw", "cn"] as const;
type Script = (typeof SCRIPTS)[number];

/** Whether a transcript is Chinese: its language says so, or its text has Han characters. */
export function isChineseTranscript(language: string | null, cues: readonly EditorCue[]): boolean {
  if (language === "zh" || language === "yue") return true;
  return cues.some((cue) => /\p{Script=Han}/u.test(cue.text));
}

/**
 * Converts the whole transcript between Traditional (Hong Kong), Traditional (Taiwan) and
 * Simplified script, with the engine's own conversion rules (OpenCC), as one undo step. The
 * dictionaries load only when a conversion is asked for.
 */
export function ScriptControl({
  onConvert,
}: {
  /** Applies a conversion to every cue's text (the editor's current cues, as one step). */
  onConvert(convert: (text: string) => string): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [busy, setBusy] = useState(false);

  const convert = async (script: Script) => {
    setBusy(true);
    try {
      const { convertChineseScript } = await import("@verbatim/subtitles/chinese-script");
      onConvert((text) => convertChineseScript(text, script));
      toast({ title: t("editor.script.done", { script: t(`editor.script.${script}`) }) });
    } catch {
      toast({ title: t("editor.script.failed"), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-xs font-medium text-zinc-700">
        {t("editor.script.label")}
      </label>
      <select
        id={id}
        value=""
        disabled={busy}
        onChange={(event) => {
          const script = event.target.value as Script;
          if (SCRIPTS.includes(script)) void convert(script);
        }}
        className="h-8 rounded-md border border-zinc-300 bg-white px-2 text-sm text-zinc-900 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        <option value="">{t("editor.script.choose")}</option>
        {SCRIPTS.map((script) => (
          <option key={script} value={script}>
            {t(`editor.script.${script}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
