import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, download, upload } from "../../api/client";
import type { Render, RenderBody } from "../../api/types";
import { dispositionFileName, saveBlob } from "../workspace/download-export";

// The captioned-video calls: a transcription's renders, asking for one, following, cancelling.

const keys = { renders: (id: string) => ["renders", id] as const };

const isActive = (render: Render) => render.status === "queued" || render.status === "running";

/** A transcription's renders, newest first; followed every second while one is under way. */
export function useRenders(transcriptionId: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.renders(transcriptionId),
    queryFn: async ({ signal }) =>
      (
        await api<{ renders: Render[] }>(`/api/transcriptions/${transcriptionId}/renders`, {
          signal,
        })
      ).renders,
    enabled,
    refetchInterval: (query) => (query.state.data?.some(isActive) ? 1000 : false),
  });
}

export function useCreateRender(transcriptionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RenderBody) =>
      api<Render>(`/api/transcriptions/${transcriptionId}/renders`, { method: "POST", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.renders(transcriptionId) }),
  });
}

/**
 * Asks for a render over the user's own video: the options, then the video from this device,
 * sent with upload progress (0..1). The server deletes the video when the render ends.
 */
export function useCreateVideoRender(transcriptionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      body,
      video,
      onProgress,
    }: {
      body: RenderBody;
      video: File;
      onProgress(fraction: number): void;
    }) => {
      const form = new FormData();
      form.append("options", JSON.stringify(body));
      form.append("file", video, video.name);
      return upload<Render>(`/api/transcriptions/${transcriptionId}/renders/video`, form, {
        onProgress: (sent) => onProgress(video.size > 0 ? Math.min(1, sent / video.size) : 1),
      });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: keys.renders(transcriptionId) }),
  });
}

/** Cancels a render under way, or deletes one that has ended (with its file). */
export function useCancelRender(transcriptionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (renderId: string) =>
      api<unknown>(`/api/renders/${renderId}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.renders(transcriptionId) }),
  });
}

/** Downloads a finished render under the name the server gives it. */
export async function downloadRender(render: Render): Promise<void> {
  const { blob, disposition } = await download(`/api/renders/${render.id}/file`);
  saveBlob(blob, dispositionFileName(disposition) ?? "captioned.mp4");
}

export { isActive as isRenderActive };
