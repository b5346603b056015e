import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";
import type {
  GlossaryBody,
  SavedGlossary,
  TranslationBody,
  TranslationEditBody,
  TranslationList,
  TranslationTrack,
} from "../../api/types";

// The translation calls (docs/translation.md): a transcription's tracks and jobs, asking for
// one, editing translated cues, cancelling or deleting; and the saved glossaries.

export const translationKeys = {
  tracks: (id: string) => ["translations", id] as const,
  glossaries: ["glossaries"] as const,
};

/** A job still under way (queued or running). */
export const isTranslating = (track: Pick<TranslationTrack, "status">) =>
  track.status === "queued" || track.status === "running";

const tracksPath = (id: string) => `/api/transcriptions/${id}/translations`;
const trackPath = (id: string, language: string) =>
  `${tracksPath(id)}/${encodeURIComponent(language)}`;

/** Each language's newest job with its cues; followed every second while one is under way. */
export function useTranslations(transcriptionId: string, enabled = true) {
  return useQuery({
    queryKey: translationKeys.tracks(transcriptionId),
    queryFn: async ({ signal }) =>
      (await api<TranslationList>(tracksPath(transcriptionId), { signal })).translations,
    enabled,
    refetchInterval: (query) => (query.state.data?.some(isTranslating) ? 1000 : false),
  });
}

/** Asks for a translation (202 a new job; 200 the language's job already under way). */
export function useRequestTranslation(transcriptionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TranslationBody) =>
      api<TranslationTrack>(tracksPath(transcriptionId), { method: "POST", body }),
    onSuccess: () =>
      client.invalidateQueries({ queryKey: translationKeys.tracks(transcriptionId) }),
  });
}

/** Sets translated cues' text (PATCH); the track as the server now holds it. */
export function editTranslation(
  transcriptionId: string,
  language: string,
  body: TranslationEditBody,
): Promise<TranslationTrack> {
  return api<TranslationTrack>(trackPath(transcriptionId, language), { method: "PATCH", body });
}

/** Cancels the language's job under way, or deletes its track. */
export function useStopTranslation(transcriptionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (language: string) =>
      api<TranslationTrack | undefined>(trackPath(transcriptionId, language), {
        method: "DELETE",
      }),
    onSuccess: () =>
      client.invalidateQueries({ queryKey: translationKeys.tracks(transcriptionId) }),
  });
}

/** The user's own glossaries and their teams'. */
export function useGlossaries(enabled = true) {
  return useQuery({
    queryKey: translationKeys.glossaries,
    queryFn: async ({ signal }) =>
      (await api<{ glossaries: SavedGlossary[] }>("/api/glossaries", { signal })).glossaries,
    enabled,
  });
}

/** Creates a glossary (no id) or replaces one's name and entries. */
export function useSaveGlossary() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: GlossaryBody }) =>
      id
        ? api<SavedGlossary>(`/api/glossaries/${id}`, { method: "PUT", body })
        : api<SavedGlossary>("/api/glossaries", { method: "POST", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: translationKeys.glossaries }),
  });
}

export function useDeleteGlossary() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<undefined>(`/api/glossaries/${id}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: translationKeys.glossaries }),
  });
}
