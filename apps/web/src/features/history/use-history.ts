import { useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../api/client";
import { queryKeys } from "../../api/queries";

/** A history row (GET /api/transcriptions). */
export interface HistoryItem {
  id: string;
  fileName: string;
  createdAt: string;
  duration: number;
  model: string | null;
  status: "queued" | "processing" | "completed" | "failed" | "cancelled";
  language: string | null;
  progress: number;
  error: { code: string; message: string } | null;
  /** How many speakers it has; null when it was not diarized (absent from older servers). */
  speakerCount?: number | null;
}

/** Rows per page ("Show more" fetches the next). */
export const HISTORY_PAGE = 25;

/**
 * The user's transcriptions, newest first, a page at a time, optionally only those whose name
 * or text contains `search`; refreshed every few seconds while one is still running.
 */
export function useHistory(search: string) {
  const query = useInfiniteQuery({
    queryKey: [...queryKeys.transcriptions, search],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(HISTORY_PAGE) });
      if (pageParam) params.set("before", pageParam);
      if (search) params.set("q", search);
      return api<HistoryItem[]>(`/api/transcriptions?${params}`, { signal });
    },
    getNextPageParam: (last) =>
      last.length === HISTORY_PAGE ? (last.at(-1)?.createdAt ?? null) : null,
    staleTime: 0,
    refetchOnMount: "always",
    refetchInterval: (state) =>
      state.state.data?.pages
        .flat()
        .some((item) => item.status === "queued" || item.status === "processing")
        ? 2000
        : false,
  });
  return { ...query, items: query.data?.pages.flat() };
}

/** What users call the models: Fast and Accurate; other names (an installed model) as they are. */
export function modelLabel(model: string | null): "fast" | "accurate" | string {
  if (!model || model === "whisper-1") return "fast";
  if (model === "gpt-4o-transcribe") return "accurate";
  return model;
}
