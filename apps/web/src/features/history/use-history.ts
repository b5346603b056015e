import { useInfiniteQuery } from "@tanstack/react-query";
import { call } from "../../api/call";
import { queryKeys } from "../../api/queries";
import type { ListQuery, TranscriptionSummary } from "../../api/types";

/** A history row (GET /api/transcriptions). */
export type HistoryItem = TranscriptionSummary;

/** Rows per page ("Show more" fetches the next). */
export const HISTORY_PAGE = 25;

/**
 * The user's own transcriptions, or a team's (`teamId`: its History), newest first, a page at a
 * time, optionally only those whose name or text contains `search`; refreshed every few
 * seconds while one is still running.
 */
export function useHistory(search: string, teamId: string | null = null) {
  const query = useInfiniteQuery({
    queryKey: [...queryKeys.transcriptions, search, teamId],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const query: ListQuery = { limit: HISTORY_PAGE };
      if (pageParam) query.before = pageParam;
      if (search) query.q = search;
      if (teamId) query.teamId = teamId;
      return call("listTranscriptions", { query, signal });
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
