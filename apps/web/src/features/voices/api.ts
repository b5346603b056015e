import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";
import type { Voice, VoiceFromTranscription, VoiceList, VoiceNameBody } from "../../api/types";

// Saved voices (GET /api/voices): the server keeps a voice fingerprint (an embedding) for the
// user's account only, never the clip, and deletes it with the account.

export const voicesQueryKey = ["voices"] as const;

export function useVoices() {
  return useQuery({
    queryKey: voicesQueryKey,
    queryFn: ({ signal }) =>
      api<VoiceList>("/api/voices", { signal }).then((answer) => answer.voices),
    refetchOnMount: true,
  });
}

/** Keeps the cached list in step after a change (the new or renamed voice, or one gone). */
function useVoiceCache() {
  const queryClient = useQueryClient();
  return {
    add: (voice: Voice) =>
      queryClient.setQueryData<Voice[]>(voicesQueryKey, (voices = []) => [
        voice,
        ...voices.filter((v) => v.id !== voice.id),
      ]),
    rename: (id: string, name: string) =>
      queryClient.setQueryData<Voice[]>(voicesQueryKey, (voices = []) =>
        voices.map((v) => (v.id === id ? { ...v, name } : v)),
      ),
    drop: (id: string) =>
      queryClient.setQueryData<Voice[]>(voicesQueryKey, (voices = []) =>
        voices.filter((v) => v.id !== id),
      ),
  };
}

/** Adds a voice from a short clip (multipart `name`, `file`). */
export function useAddVoice() {
  const cache = useVoiceCache();
  return useMutation({
    mutationFn: ({ name, file }: { name: string; file: File }) => {
      const form = new FormData();
      form.append("name", name);
      form.append("file", file, file.name);
      return api<Voice>("/api/voices", { method: "POST", body: form });
    },
    onSuccess: cache.add,
  });
}

/** Saves a transcription's speaker as a voice (the server cuts their turns from its audio copy). */
export function useSaveSpeakerVoice() {
  const cache = useVoiceCache();
  return useMutation({
    mutationFn: (body: VoiceFromTranscription) =>
      api<Voice>("/api/voices", { method: "POST", body }),
    onSuccess: cache.add,
  });
}

export function useRenameVoice() {
  const cache = useVoiceCache();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api<Voice>(`/api/voices/${encodeURIComponent(id)}`, {
        method: "PATCH",
        body: { name } satisfies VoiceNameBody,
      }),
    onSuccess: (_answer, { id, name }) => cache.rename(id, name),
  });
}

export function useDeleteVoice() {
  const cache = useVoiceCache();
  return useMutation({
    mutationFn: (id: string) =>
      api<null>(`/api/voices/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: (_answer, id) => cache.drop(id),
  });
}
