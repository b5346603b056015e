import { useQuery } from "@tanstack/react-query";
import { call } from "../../api/call";
import { DEFAULT_MAX_FILE_BYTES, wholeMegabytes } from "./file-rules";

/**
 * The server's upload limit (its MAX_UPLOAD_MB, from GET /api/uploads/limits), as bytes and as
 * whole megabytes for the texts; the server's default until it has answered (or if it cannot).
 */
export function useUploadLimits(): { maxFileBytes: number; maxMb: string } {
  const { data } = useQuery({
    queryKey: ["uploads", "limits"],
    queryFn: ({ signal }) => call("getUploadLimits", { signal }),
    staleTime: Infinity,
  });
  const maxFileBytes = data?.maxUploadBytes ?? DEFAULT_MAX_FILE_BYTES;
  return { maxFileBytes, maxMb: wholeMegabytes(maxFileBytes) };
}
