import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/error-text";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import type { LinkDownload } from "./download-progress";
import { megabytes } from "./file-rules";
import { ProgressBar } from "./progress-bar";
import { importFromLink, type TranscribeOptions } from "./upload-transport";

/** Whether the text can be sent as a link at all (the server checks the address itself). */
function looksLikeLink(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/**
 * "From a link": the server fetches the media a link points to (POST /api/imports) with the
 * options chosen below, and the job is followed as an upload's. The request lasts while the
 * server downloads, the bar below showing how far it has come; its refusals (a private
 * address, not found, too big, not media) are shown here in the user's language.
 */
export function LinkImport({
  options,
  disabled,
  onJob,
}: {
  options: TranscribeOptions;
  disabled: boolean;
  onJob(id: string): void;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [fetching, setFetching] = useState(false);
  const [download, setDownload] = useState<LinkDownload | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const link = url.trim();
    if (!looksLikeLink(link)) {
      setError(t("workspace.link.invalid"));
      return;
    }
    setError(undefined);
    setFetching(true);
    setDownload(null);
    try {
      onJob(await importFromLink(link, options, { onDownload: setDownload }));
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setFetching(false);
      setDownload(null);
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t("workspace.link.title")}
      className="rounded-xl border border-zinc-200 p-4"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <Field
            id="media-link"
            label={t("workspace.link.label")}
            error={error}
            hint={t("workspace.link.hint")}
          >
            <Input
              id="media-link"
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://example.com/episode.mp3"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              invalid={Boolean(error)}
              disabled={disabled || fetching}
              aria-describedby={error ? "media-link-error" : undefined}
            />
          </Field>
        </div>
        <Button type="submit" className="sm:mt-7" disabled={disabled || fetching || !url.trim()}>
          {fetching ? t("workspace.link.fetching") : t("workspace.link.start")}
        </Button>
      </div>
      {fetching && (
        <div className="mt-3">
          <ProgressBar
            label={t("workspace.link.downloading")}
            value={
              download?.totalBytes
                ? Math.floor((100 * download.receivedBytes) / download.totalBytes)
                : null
            }
            detail={
              download
                ? download.totalBytes
                  ? t("workspace.link.downloadedOf", {
                      received: megabytes(download.receivedBytes),
                      total: megabytes(download.totalBytes),
                    })
                  : t("workspace.link.downloaded", { received: megabytes(download.receivedBytes) })
                : t("workspace.link.connecting")
            }
          />
        </div>
      )}
    </form>
  );
}
