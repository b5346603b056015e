import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../api/client";
import type { Health } from "../../api/types";

const POLL_MS = 3_000;

/** True while the fast model (the default choice) is queued or downloading. */
function fastModelPreparing(health: Health | undefined): boolean {
  const fast = health?.models.fast;
  const state = fast?.preparation?.state;
  return !!fast && !fast.installed && (state === "queued" || state === "downloading");
}

/** True while any model of the first start (a family's too) is queued or downloading. */
function anyDownloadPreparing(health: Health | undefined): boolean {
  return !!health?.models.downloads?.some((model) => {
    const state = model.preparation?.state;
    return !model.installed && (state === "queued" || state === "downloading");
  });
}

/** Where the server's Cantonese model (SenseVoice) stands, as /api/health says. */
export type CantoneseModelState =
  | { kind: "unknown" }
  | { kind: "ready" }
  | { kind: "downloading"; percent: number }
  | { kind: "missing" };

/**
 * The Cantonese model's state, from health's list of first-start downloads ("unknown" when the
 * server does not say: an older server, or none configured). Polled while it downloads.
 */
export function useCantoneseModel(): CantoneseModelState {
  const { data } = useHealth();
  const entry = data?.models.downloads?.find((model) => model.family === "sensevoice");
  if (!entry) return { kind: "unknown" };
  if (entry.installed) return { kind: "ready" };
  const state = entry.preparation?.state;
  if (state === "queued" || state === "downloading") {
    return { kind: "downloading", percent: entry.preparation?.percent ?? 0 };
  }
  return { kind: "missing" };
}

/**
 * Whether the server is still fetching its default speech model (first start): polled every
 * few seconds while it is, then no more. Only the fast model counts: uploads work with it while
 * the larger accurate one may still be on its way. A failed health call counts as ready (the
 * upload itself then says what is wrong).
 */
export function useModelPreparation(): { preparing: boolean; percent: number } {
  const { data } = useHealth();
  const preparing = fastModelPreparing(data);
  const percent = data?.models.fast.preparation?.percent ?? 0;
  return { preparing, percent };
}

function useHealth() {
  return useQuery({
    queryKey: ["health", "models"],
    queryFn: ({ signal }) => api<Health>("/api/health", { signal }),
    refetchInterval: (query) =>
      fastModelPreparing(query.state.data) || anyDownloadPreparing(query.state.data)
        ? POLL_MS
        : false,
    staleTime: 0,
  });
}

/**
 * Whether the server can label speakers: false only when health says its speaker models are
 * missing (an unknown answer leaves the option on offer; the upload then says what is wrong).
 */
export function useSpeakersAvailable(): boolean {
  return useHealth().data?.speakers?.ok !== false;
}

/** "Preparing the speech model (45 %)", with what the visitor can do meanwhile. */
export function ModelPreparingNotice({ percent }: { percent: number }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="rounded-lg border border-sky-300 bg-sky-50 p-4 text-sky-950">
      <p className="font-semibold">{t("workspace.upload.preparing.title", { percent })}</p>
      <p className="text-sm">{t("workspace.upload.preparing.description")}</p>
      <div
        className="mt-2 h-2 overflow-hidden rounded bg-sky-100"
        role="progressbar"
        aria-label={t("workspace.upload.preparing.title", { percent })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="h-full bg-sky-600" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
