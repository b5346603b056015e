import { clsx } from "clsx";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useReducer, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useTeam } from "../teams/api";
import { TeamRoleNotice } from "../teams/team-role-notice";
import { TeamUploadBanner } from "../teams/team-upload-banner";
import { call } from "../../api/call";
import { ApiError } from "../../api/client";
import { codeText, errorText } from "../../api/error-text";
import { queryKeys } from "../../api/queries";
import { useSession } from "../../auth/session";
import { toast } from "../../components/ui/toast-store";
import { SubtitleEditor } from "../editor/subtitle-editor";
import { DownloadStep } from "./download-step";
import { ErrorPanel } from "./error-panel";
import { ProcessStep, type WorkspaceError } from "./process-step";
import { StepIndicator } from "./step-indicator";
import { UploadStep } from "./upload-step";
import { defaultOptions, workspaceReducer } from "./workspace-state";
import { keepOnDevice } from "../editor/device-media";

/** Delay before the editor opens after a success. */
const EDIT_DELAY_MS = 1000;

/**
 * The signed-in home: upload, process, edit, download. The job id sits in the address
 * (`?job=…`), so a refresh or a link from History comes back to the same job.
 */
export function Workspace() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { refresh } = useSession();
  const [params, setParams] = useSearchParams();
  const [state, dispatch] = useReducer(workspaceReducer, undefined, () => ({
    step: "upload" as const,
    file: null,
    options: defaultOptions(i18n.language),
    subtitles: null,
    sending: null,
    jobId: null,
    transcription: null,
    error: null,
  }));
  const jobParam = params.get("job");
  // A moment to open the job at (`?at=` milliseconds: a citation from History's question).
  const [startAtMs] = useState(() => {
    const at = Number(params.get("at"));
    return Number.isInteger(at) && at > 0 ? at : null;
  });
  // Sent into a team (`?team=`, from the team's History): its owner's minutes pay.
  const teamParam = params.get("team");
  // A team's transcription opens read only for a role that may not edit it (a viewer).
  const team = useTeam(state.transcription?.teamId ?? null);

  const open = useCallback(
    async (id: string) => {
      try {
        const detail = await call("getTranscription", { params: { id } });
        if (detail.status === "completed") dispatch({ type: "opened", transcription: detail });
        else if (detail.status === "queued" || detail.status === "processing")
          dispatch({ type: "follow", id });
        else
          dispatch({
            type: "failed",
            error: {
              message:
                (detail.error && codeText(detail.error.code)) ?? t("workspace.error.fallback"),
              code: detail.error?.code,
            },
          });
      } catch (error) {
        toast({
          title:
            error instanceof ApiError && error.status === 404
              ? t("workspace.resumeMissing")
              : errorText(error),
          variant: "destructive",
        });
        setParams({}, { replace: true });
      }
    },
    [t, setParams],
  );

  // A job in the address (refresh, or opened from History) is followed or opened.
  useEffect(() => {
    if (jobParam && jobParam !== state.jobId) void open(jobParam);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the address changes
  }, [jobParam]);

  const handleJob = useCallback(
    (id: string) => {
      dispatch({ type: "job", id });
      setParams({ job: id }, { replace: true });
    },
    [setParams],
  );
  // Keep the uploaded file in this browser, so reopening the job here plays the original.
  useEffect(() => {
    if (state.jobId && state.file) void keepOnDevice(state.jobId, state.file);
    // Once per job: the file is the one that was sent for it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.jobId]);
  const handleCompleted = useCallback(
    (id: string) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      setTimeout(() => void open(id), EDIT_DELAY_MS);
    },
    [open, queryClient],
  );
  const handleError = useCallback(
    (error: WorkspaceError) => {
      dispatch({ type: "failed", error });
      setParams({}, { replace: true });
    },
    [setParams],
  );
  const handleCancelled = useCallback(() => {
    dispatch({ type: "back" });
    setParams({}, { replace: true });
  }, [setParams]);
  // The token is refreshed before a transcription starts; the upload waits for the
  // new token, since the refresh revokes the old one.
  const handleStart = async () => {
    await refresh();
    dispatch({ type: "start" });
  };
  // A link's job exists once the server has the file: followed as an upload's.
  const handleLinkJob = (id: string) => {
    dispatch({ type: "follow", id });
    setParams({ job: id }, { replace: true });
  };
  const handleNew = () => {
    dispatch({ type: "new" });
    setParams({}, { replace: true });
  };

  return (
    <div
      className={clsx(
        "mx-auto w-full space-y-8 px-4 py-8 sm:px-6",
        // The editor uses the whole width for its cue table; the other steps read better narrow.
        state.step === "edit" ? "max-w-7xl" : "max-w-5xl",
      )}
    >
      <StepIndicator current={state.step} />
      {state.error && (
        <ErrorPanel
          error={state.error}
          onBack={() => dispatch({ type: "dismiss" })}
          onRetry={state.file ? () => void handleStart() : null}
        />
      )}
      {state.step === "upload" && teamParam && <TeamUploadBanner teamId={teamParam} />}
      {state.step === "upload" && !state.error && (
        <UploadStep
          teamId={teamParam}
          file={state.file}
          options={state.options}
          subtitles={state.subtitles}
          onFile={(file) => dispatch({ type: "file", file })}
          onSubtitles={(subtitles) => dispatch({ type: "subtitles", subtitles })}
          onOptions={(options) => dispatch({ type: "options", options })}
          onStart={() => void handleStart()}
          onLinkJob={handleLinkJob}
        />
      )}
      {state.step === "process" && (
        <ProcessStep
          upload={state.sending}
          jobId={state.jobId}
          teamId={teamParam}
          onJob={handleJob}
          onCompleted={handleCompleted}
          onError={handleError}
          onCancelled={handleCancelled}
        />
      )}
      {state.step === "edit" && state.transcription?.teamId && (
        <TeamRoleNotice teamId={state.transcription.teamId} />
      )}
      {state.step === "edit" && state.transcription && (
        <SubtitleEditor
          transcription={state.transcription}
          media={state.file}
          startAtMs={state.transcription.id === jobParam ? startAtMs : null}
          readOnly={
            // A team's transcription is read only until the role is known to allow editing.
            Boolean(state.transcription.teamId) && !team.data?.allowed.includes("edit")
          }
          onBack={() => dispatch({ type: "back" })}
          onContinue={(subtitles, version, speakers) =>
            state.transcription &&
            dispatch({
              type: "saved",
              transcription: { ...state.transcription, subtitles, version, speakers },
            })
          }
        />
      )}
      {state.step === "download" && state.transcription && (
        <DownloadStep
          id={state.transcription.id}
          bilingual={state.transcription.subtitles.some((s) => s.translation !== undefined)}
          language={state.transcription.language}
          subtitles={state.transcription.subtitles}
          fileName={state.transcription.fileName}
          onNew={handleNew}
          onBack={() => dispatch({ type: "back" })}
        />
      )}
    </div>
  );
}
