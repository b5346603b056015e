import { clsx } from "clsx";
import { useRef, useState, type DragEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { useUploadLimits } from "./upload-limits";

/** Drop a file or pick one; the whole zone is a keyboard-usable button. */
export function DropZone({ onFile }: { onFile(file: File): void }) {
  const { t } = useTranslation();
  const { maxMb } = useUploadLimits();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const handleDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={handleDrop}
      className={clsx(
        "flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors",
        over ? "border-blue-600 bg-blue-50" : "border-zinc-300 bg-white",
      )}
    >
      <svg
        aria-hidden
        viewBox="0 0 24 24"
        className="size-10 text-blue-600"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <path
          d="M12 16V4m0 0-4 4m4-4 4 4M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <p className="font-medium text-zinc-900">{t("workspace.upload.drop")}</p>
      <p className="text-sm text-zinc-600">{t("workspace.upload.or")}</p>
      <Button onClick={() => input.current?.click()}>{t("workspace.upload.choose")}</Button>
      <p className="text-sm text-zinc-600">{t("workspace.upload.formats", { maxMb })}</p>
      <input
        ref={input}
        type="file"
        accept="audio/*,video/*,.mp3,.mp4,.m4a,.wav,.flac,.ogg,.opus,.webm,.mov,.mkv"
        className="sr-only"
        tabIndex={-1}
        aria-label={t("workspace.upload.choose")}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          event.target.value = "";
        }}
      />
    </div>
  );
}
