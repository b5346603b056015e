import { useQuery } from "@tanstack/react-query";
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
}

/** The user's transcriptions; refreshed every few seconds while one is still running. */
export function useHistory() {
  return useQuery({
    queryKey: queryKeys.transcriptions,
    queryFn: ({ signal }) => api<HistoryItem[]>("/api/transcriptions?limit=500", { signal }),
    staleTime: 0,
    refetchOnMount: "always",
    refetchInterval: (query) =>
      query.state.data?.some((item) => item.status === "queued" || item.status === "processing")
        ? 2000
        : false,
  });
}
