import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { call } from "../../api/call";
import { ApiError, ClientError, isAborted } from "../../api/client";
import { paths } from "../../app/paths";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toast-store";
import { prepareUpload, type PreparedUpload } from "./extract-audio";
import { mediaKind, megabytes } from "./file-rules";
import { useUploadLimits } from "./upload-limits";
import { clock } from "./media-duration";
import { ProgressBar } from "./progress-bar";
import {
  uploadForTranscription,
  UploadInterrupted,
  type ResumePoint,
  type UploadProgress,
} from "./upload-transport";
import type { Upload } from "./workspace-state";
import { useJobEvents, type JobState, type LiveSegment, type StreamHealth } from "./use-job-events";
import { codeText, errorText } from "../../api/error-text";
import { chargedText } from "./charged-text";

/** The file to send is over the limit (the key of the message saying why). */
class TooLarge extends Error {
  constructor(readonly key: "workspace.process.audioTooLarge" | "workspace.process.notExtracted") {
    super(key);
  }
}

/** What went wrong, for the error panel. */
export interface WorkspaceError {
  /** What to tell the user, in their language. */
  message: string;
  /** The failure's code (the server's, the client's, or `HTTP_<status>`): picks the help shown. */
  code?: string;
}

/** The code of a failure, for the help it gets: the server's or the client's, else the status. */
function failureCode(error: unknown): string | undefined {
  if (error instanceof ClientError) return error.code;
  if (error instanceof ApiError) return error.code ?? `HTTP_${error.status}`;
  return undefined;
}

/**
 * Step 2: sends the file (real bytes-sent progress, chunks retried, resumable), then follows
 * the job's events: queue position, percent and time left, the first subtitles as they come.
 */
export function ProcessStep({
  upload,
  jobId: givenJobId,
  teamId = null,
  onJob,
  onCompleted,
  onError,
  onCancelled,
}: {
  upload: Upload | null;
  jobId: string | null;
  /** The team the upload goes into (`?team=`); null: one's own. */
  teamId?: string | null;
  onJob(id: string): void;
  onCompleted(id: string): void;
  onError(error: WorkspaceError): void;
  onCancelled(): void;
}) {
  const { t } = useTranslation();
  const limits = useUploadLimits();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [interrupted, setInterrupted] = useState<UploadInterrupted | null>(null);
  const [attempt, setAttempt] = useState(0);
  const resumeRef = useRef<ResumePoint | null>(null);
  const prepared = useRef<PreparedUpload | null>(null);
  const [extracting, setExtracting] = useState<number | null>(null);
  const started = useRef<number>(-1);
  const { state, segments, lastEventAt, health } = useJobEvents(givenJobId);

  useEffect(() => {
    if (!upload || givenJobId || started.current === attempt) return;
    started.current = attempt;
    const controller = new AbortController();
    setInterrupted(null);
    const send = async () => {
      // A video goes up as its audio alone (taken out here), once per upload.
      if (!prepared.current && mediaKind(upload.file) === "video") setExtracting(0);
      prepared.current ??= await prepareUpload(upload.file, setExtracting, controller.signal);
      setExtracting(null);
      const { file, extracted } = prepared.current;
      if (file.size > limits.maxFileBytes) {
        throw new TooLarge(
          extracted ? "workspace.process.audioTooLarge" : "workspace.process.notExtracted",
        );
      }
      return uploadForTranscription(file, upload.options, setProgress, {
        signal: controller.signal,
        resume: resumeRef.current,
        subtitles: upload.subtitles,
        teamId,
      });
    };
    send()
      .then(onJob)
      .catch((error: unknown) => {
        if (isAborted(error) || controller.signal.aborted) return;
        if (error instanceof TooLarge) {
          onError({ message: t(error.key, { maxMb: limits.maxMb }) });
          return;
        }
        if (error instanceof UploadInterrupted) {
          resumeRef.current = error.resume;
          setInterrupted(error);
        } else {
          onError({
            message: errorText(error, t("workspace.error.fallback")),
            code: failureCode(error),
          });
        }
      });
    return () => controller.abort();
  }, [upload, givenJobId, attempt, onJob, onError, t, limits.maxFileBytes, limits.maxMb, teamId]);

  useEffect(() => {
    if (state.status === "completed") onCompleted(state.id);
    if (state.status === "failed") {
      if (state.code === "CANCELLED") onCancelled();
      else {
        const charged = chargedText(t, state.chargedSeconds, "stopped");
        // The catalogue has a text for every code a job ends with; the server's own sentence
        // may be in another language.
        const message = codeText(state.code) ?? t("workspace.error.fallback");
        onError({ message: charged ? `${message} ${charged}` : message, code: state.code });
      }
    }
  }, [state, onCompleted, onError, onCancelled, t]);

  const handleCancel = async () => {
    if (!givenJobId) return;
    try {
      const cancelled = await call("cancelTranscription", { params: { id: givenJobId } });
      const charged = chargedText(t, cancelled.chargedSeconds, "cancelled");
      toast({
        title: t("workspace.process.cancelled"),
        ...(charged ? { description: charged } : {}),
      });
    } catch (error) {
      toast({
        title: errorText(error),
        variant: "destructive",
      });
    }
  };

  const uploadPercent = progress
    ? Math.floor((progress.sentBytes / Math.max(1, progress.totalBytes)) * 100)
    : 0;
  const uploadDone = Boolean(givenJobId) || !upload;
  return (
    <section
      aria-labelledby="process-title"
      className="space-y-6 rounded-xl border border-zinc-200 p-6"
    >
      <h1 id="process-title" className="text-xl font-semibold text-zinc-900">
        {t("workspace.process.title")}
      </h1>
      {upload && extracting !== null && !givenJobId && (
        <ProgressBar
          label={t("workspace.process.extracting")}
          value={Math.floor(extracting * 100)}
          detail={t("workspace.process.extractingWhy")}
        />
      )}
      {upload && extracting === null && (
        <div className="space-y-2">
          <ProgressBar
            label={t("workspace.process.uploading")}
            value={uploadDone ? 100 : uploadPercent}
            detail={
              progress
                ? `${t("workspace.process.uploadedOf", { sent: megabytes(progress.sentBytes), total: megabytes(progress.totalBytes) })}${progress.chunk ? ` · ${t("workspace.process.chunk", { index: progress.chunk.index + 1, count: progress.chunk.count })}` : ""}`
                : undefined
            }
          />
          {prepared.current?.extracted && (
            <p className="text-sm text-zinc-600">
              {t("workspace.process.audioOnly", {
                size: megabytes(prepared.current.file.size),
                original: megabytes(upload.file.size),
              })}
            </p>
          )}
          {progress?.retrying && !uploadDone && (
            <p role="status" className="text-sm text-amber-800">
              {t("workspace.process.retrying", {
                index: (progress.chunk?.index ?? 0) + 1,
                ...progress.retrying,
              })}
            </p>
          )}
          {interrupted && (
            <div
              role="alert"
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900"
            >
              <span>
                {t("workspace.process.interrupted")} {errorText(interrupted.cause)}
              </span>
              <Button size="sm" onClick={() => setAttempt((n) => n + 1)}>
                {t("workspace.process.resume")}
              </Button>
            </div>
          )}
        </div>
      )}
      {givenJobId && (
        <JobProgress
          state={state}
          lastEventAt={lastEventAt}
          health={health}
          lines={segments.length}
        />
      )}
      {segments.length > 0 && <LiveText segments={segments} />}
      {givenJobId && (
        <div className="flex flex-col gap-3 border-t border-zinc-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-zinc-600">
            {t("workspace.process.leave")}{" "}
            <Link to={paths.history} className="font-medium text-blue-700 underline">
              {t("workspace.process.openHistory")}
            </Link>
          </p>
          <Button
            variant="outline"
            onClick={() => void handleCancel()}
            disabled={state.status === "completed"}
          >
            {t("workspace.process.cancel")}
          </Button>
        </div>
      )}
    </section>
  );
}

/** Seconds since a moment, re-rendered every second. */
function useSecondsSince(at: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return at === null ? null : Math.max(0, Math.floor((now - at) / 1000));
}

/** After this long without any event, the job is said to be silent (it sends one a second). */
const SILENT_AFTER_S = 10;

/**
 * The text recognised so far, every line, readable while it grows: it follows the newest line
 * unless the reader has scrolled up to read.
 */
function LiveText({ segments }: { segments: readonly LiveSegment[] }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  useEffect(() => {
    const element = box.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  }, [segments]);
  return (
    <div>
      <h3 className="text-sm font-medium text-zinc-900">
        {t("workspace.process.preview", { count: segments.length })}
      </h3>
      <div
        ref={box}
        tabIndex={0}
        role="log"
        aria-label={t("workspace.process.preview", { count: segments.length })}
        onScroll={(event) => {
          const element = event.currentTarget;
          following.current = element.scrollHeight - element.scrollTop - element.clientHeight < 24;
        }}
        className="mt-2 max-h-80 space-y-1 overflow-y-auto rounded-lg bg-zinc-50 p-3 text-sm leading-relaxed text-zinc-800 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        {segments.map((segment) => (
          <p key={`${segment.start}-${segment.end}`}>
            <span className="mr-2 font-mono text-xs text-zinc-500">
              {clock(segment.start / 1000)}
            </span>
            {segment.text}
          </p>
        ))}
      </div>
    </div>
  );
}

function JobProgress({
  state,
  lastEventAt,
  health,
  lines,
}: {
  state: JobState;
  lastEventAt: number | null;
  health: StreamHealth;
  /** How many live lines are shown already. */
  lines: number;
}) {
  const { t } = useTranslation();
  const silentFor = useSecondsSince(lastEventAt);
  const running = state.status === "queued" || state.status === "processing";
  if (running && health !== "live") {
    // Stale numbers are worse than none: say what is happening instead.
    return (
      <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
        <p className="font-medium text-amber-950">
          {t(health === "offline" ? "workspace.process.offline" : "workspace.process.reconnecting")}
        </p>
        <p className="mt-1 text-amber-900">{t("workspace.process.goesOn")}</p>
      </div>
    );
  }
  if (state.status === "queued") {
    const ahead = state.position - 1;
    const detail = [
      ahead > 0
        ? t("workspace.process.queued", { position: ahead })
        : t("workspace.process.queuedNext"),
      state.waitSeconds
        ? t("workspace.process.waitAbout", { time: clock(state.waitSeconds) })
        : null,
    ]
      .filter(Boolean)
      .join(" · ");
    return <ProgressBar label={t("workspace.process.transcribing")} value={null} detail={detail} />;
  }
  if (state.status === "processing" || state.status === "completed") {
    const percent = state.status === "completed" ? 100 : state.percent;
    // Nothing counted yet (a slow host can take minutes over the first part): an honest
    // "working" bar rather than one stuck at 0 %.
    const started = state.status === "completed" || percent > 0;
    const detail =
      state.status === "completed"
        ? t("workspace.process.done")
        : !started
          ? // Before the first percent is counted, lines may already show: say so, not "soon".
            lines > 0
            ? t("workspace.process.linesSoFar", { count: lines })
            : t("workspace.process.firstResultsSoon")
          : [
              t("workspace.process.percent", { percent }),
              state.secondsLeft
                ? t("workspace.process.timeLeft", { time: clock(state.secondsLeft) })
                : null,
            ]
              .filter(Boolean)
              .join(" · ");
    const silent =
      state.status === "processing" && silentFor !== null && silentFor >= SILENT_AFTER_S;
    return (
      <div className="space-y-1">
        <ProgressBar
          label={t("workspace.process.transcribing")}
          value={started ? percent : null}
          detail={detail}
        />
        {state.status === "processing" && (
          <p className="flex items-center gap-2 text-xs text-zinc-600" role="status">
            <span
              aria-hidden="true"
              className={
                silent
                  ? "size-2 rounded-full bg-amber-500"
                  : "size-2 animate-pulse rounded-full bg-emerald-500"
              }
            />
            {silent
              ? t("workspace.process.silent", { seconds: silentFor })
              : t("workspace.process.alive")}
          </p>
        )}
      </div>
    );
  }
  return (
    <ProgressBar
      label={t("workspace.process.transcribing")}
      value={null}
      detail={t("workspace.process.connecting")}
    />
  );
}
