import { clsx } from "clsx";
import { useRef, useState, type DragEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { droppedFiles } from "./dropped-files";

const ACCEPT = "audio/*,video/*,.mp3,.mp4,.m4a,.wav,.flac,.ogg,.opus,.webm,.mov,.mkv";

/** Drop many files or a folder, or pick files or a folder. */
export function BatchDropZone({ onFiles }: { onFiles(files: File[]): void }) {
  const { t } = useTranslation();
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const handleDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void droppedFiles(event.dataTransfer).then((files) => files.length > 0 && onFiles(files));
  };
  const picked = (input: HTMLInputElement) => {
    const files = Array.from(input.files ?? []);
    if (files.length > 0) onFiles(files);
    input.value = "";
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
        "flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed px-6 py-8 text-center transition-colors",
        over ? "border-blue-600 bg-blue-50" : "border-zinc-300 bg-white",
      )}
    >
      <p className="font-medium text-zinc-900">{t("batch.drop")}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => filesInput.current?.click()}>{t("batch.chooseFiles")}</Button>
        <Button variant="outline" onClick={() => folderInput.current?.click()}>
          {t("batch.chooseFolder")}
        </Button>
      </div>
      <p className="text-sm text-zinc-600">{t("workspace.upload.formats")}</p>
      <input
        ref={filesInput}
        type="file"
        multiple
        accept={ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label={t("batch.chooseFiles")}
        onChange={(event) => picked(event.target)}
      />
      <input
        ref={folderInput}
        type="file"
        // A folder's files (all levels); the attribute is not in React's types.
        {...{ webkitdirectory: "" }}
        className="sr-only"
        tabIndex={-1}
        aria-label={t("batch.chooseFolder")}
        onChange={(event) => picked(event.target)}
      />
    </div>
  );
}
