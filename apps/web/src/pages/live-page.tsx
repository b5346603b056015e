import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../api/client";
import { Link } from "react-router";
import { codeText, errorText } from "../api/error-text";
import { Button } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { Page } from "../components/ui/page";
import {
  setLivePaused,
  startLiveSession,
  stopLiveSession,
  type StartedLiveSession,
} from "../features/live/api";
import { LiveConnection, type LiveMessage } from "../features/live/live-connection";
import { canCaptureTabAudio, captureFrames, type Capture } from "../features/live/pcm-worklet";

type Source = "microphone" | "tab";
interface Line {
  text: string;
  startMs: number;
}

const LANGUAGES = ["auto", "en", "yue", "zh", "ja", "ko", "fr", "de", "es"] as const;

function clock(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
}

/** /live (signed in): captions while the user speaks or a tab plays, shared by a watch link. */
export default function LivePage() {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<string>("auto");
  const [source, setSource] = useState<Source>("microphone");
  const [state, setState] = useState<"idle" | "starting" | "live" | "stopping" | "stopped">("idle");
  const [connected, setConnected] = useState(true);
  const [session, setSession] = useState<Pick<
    StartedLiveSession,
    "id" | "watchUrl" | "model"
  > | null>(null);
  const [finals, setFinals] = useState<Line[]>([]);
  const [partial, setPartial] = useState<string>("");
  const [elapsedMs, setElapsedMs] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [paused, setPaused] = useState(false);
  const [transcriptionId, setTranscriptionId] = useState<string | null>(null);
  const capture = useRef<Capture | null>(null);
  const connection = useRef<LiveConnection | null>(null);
  const startedAt = useRef(0);
  const tabAudio = canCaptureTabAudio();

  useEffect(() => {
    if (state !== "live") return;
    const timer = setInterval(() => setElapsedMs(Date.now() - startedAt.current), 500);
    return () => clearInterval(timer);
  }, [state]);

  useEffect(
    () => () => {
      void capture.current?.stop();
      connection.current?.close();
    },
    [],
  );

  const heard = (message: LiveMessage) => {
    switch (message.type) {
      case "partial":
        setPartial(message.text);
        return;
      case "final":
        setPartial("");
        setFinals((lines) =>
          lines.some((line) => line.startMs === message.startMs)
            ? lines
            : [...lines, { text: message.text, startMs: message.startMs }],
        );
        return;
      case "warning":
        setWarning(
          t("live.minutesLow", { minutes: Math.max(1, Math.ceil(message.secondsLeft / 60)) }),
        );
        return;
      case "error":
        setError(codeText(message.code, message.details) ?? message.code);
        return;
      case "stopped":
        void capture.current?.stop();
        capture.current = null;
        connection.current?.close();
        setTranscriptionId(message.transcriptionId);
        setState("stopped");
        return;
      default:
        return;
    }
  };

  const start = async () => {
    setError(null);
    setWarning(null);
    setState("starting");
    try {
      const stream =
        source === "tab"
          ? await navigator.mediaDevices.getDisplayMedia({ video: true, audio: true })
          : await navigator.mediaDevices.getUserMedia({
              audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true },
            });
      if (stream.getAudioTracks().length === 0) {
        stream.getTracks().forEach((track) => track.stop());
        throw new Error(t("live.noTabAudio"));
      }
      // The capture first: nothing is reserved if the browser cannot capture. Frames before the
      // session exists are not sent (audio may not run ahead of the session's clock).
      connection.current = null;
      capture.current = await captureFrames(stream, (frame) => connection.current?.send(frame));
      let started;
      try {
        started = await startLiveSession({ language });
      } catch (failure) {
        await capture.current.stop();
        capture.current = null;
        throw failure;
      }
      const scheme = location.protocol === "https:" ? "wss" : "ws";
      const socket = `${scheme}://${location.host}/api/live/sessions/${started.id}/socket`;
      connection.current = new LiveConnection(socket, {
        onMessage: heard,
        onConnected: setConnected,
      });
      startedAt.current = Date.now();
      setSession({ id: started.id, watchUrl: started.watchUrl, model: started.model });
      setFinals([]);
      setPartial("");
      setTranscriptionId(null);
      setState("live");
    } catch (failure) {
      setError(
        failure instanceof DOMException && failure.name === "NotAllowedError"
          ? t("live.permissionDenied")
          : errorText(
              failure,
              failure instanceof Error && !(failure instanceof ApiError)
                ? failure.message
                : undefined,
            ),
      );
      setState("idle");
    }
  };

  const stop = async () => {
    if (!session) return;
    setState("stopping");
    await capture.current?.stop();
    capture.current = null;
    // Frames still waiting go first: the server keeps every sample it acknowledged.
    const deadline = Date.now() + 10_000;
    while ((connection.current?.unacknowledged ?? 0) > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    try {
      const { transcriptionId: id } = await stopLiveSession(session.id);
      setTranscriptionId(id);
      setState("stopped");
    } catch (failure) {
      setError(
        errorText(
          failure,
          failure instanceof Error && !(failure instanceof ApiError) ? failure.message : undefined,
        ),
      );
      setState("live");
    } finally {
      connection.current?.close();
    }
  };

  const togglePause = async () => {
    if (!session) return;
    await setLivePaused(session.id, !paused);
    setPaused(!paused);
  };

  return (
    <Page title={t("live.title")} intro={t("live.intro")}>
      <div className="flex flex-col gap-6">
        {state !== "live" && state !== "stopping" && (
          <Card>
            <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
              <label className="flex flex-col gap-1 text-sm font-medium text-zinc-800">
                {t("live.language")}
                <select
                  className="h-10 rounded-md border border-zinc-300 bg-white px-3"
                  value={language}
                  onChange={(event) => setLanguage(event.target.value)}
                >
                  {LANGUAGES.map((code) => (
                    <option key={code} value={code}>
                      {t(`live.languages.${code}`)}
                    </option>
                  ))}
                </select>
              </label>
              <fieldset className="flex flex-col gap-1 text-sm">
                <legend className="font-medium text-zinc-800">{t("live.source")}</legend>
                <label className="flex items-center gap-2 max-sm:min-h-11">
                  <input
                    type="radio"
                    name="source"
                    checked={source === "microphone"}
                    onChange={() => setSource("microphone")}
                  />
                  {t("live.microphone")}
                </label>
                <label className="flex items-center gap-2 max-sm:min-h-11">
                  <input
                    type="radio"
                    name="source"
                    disabled={!tabAudio}
                    checked={source === "tab"}
                    onChange={() => setSource("tab")}
                  />
                  {t("live.tab")}
                </label>
              </fieldset>
              <Button size="lg" onClick={() => void start()} disabled={state === "starting"}>
                {state === "starting" ? t("live.starting") : t("live.start")}
              </Button>
            </div>
            {!tabAudio && <p className="mt-3 text-sm text-zinc-600">{t("live.tabUnavailable")}</p>}
          </Card>
        )}

        {(state === "live" || state === "stopping") && (
          <Card>
            <div className="flex flex-wrap items-center gap-4">
              <span
                role="status"
                className="flex items-center gap-2 rounded-full bg-red-50 px-3 py-1 text-sm font-semibold text-red-700"
              >
                <span className="h-3 w-3 animate-pulse rounded-full bg-red-600" aria-hidden />
                {t("live.recording")}
              </span>
              <span className="font-mono text-lg tabular-nums" aria-label={t("live.elapsed")}>
                {clock(elapsedMs)}
              </span>
              {!connected && (
                <span className="text-sm text-amber-700" role="status">
                  {t("live.reconnecting")}
                </span>
              )}
              <div className="ml-auto flex gap-2">
                <Button variant="outline" onClick={() => void togglePause()}>
                  {paused ? t("live.resumeViewers") : t("live.pauseViewers")}
                </Button>
                <Button
                  variant="destructive"
                  onClick={() => void stop()}
                  disabled={state === "stopping"}
                >
                  {state === "stopping" ? t("live.stopping") : t("live.stop")}
                </Button>
              </div>
            </div>
            {session && (
              <p className="mt-3 text-sm text-zinc-700" data-family={session.model.family}>
                {t("live.model", {
                  family: t(`workspace.history.families.${session.model.family}`),
                  model: session.model.name,
                })}
              </p>
            )}
            {session && (
              <p className="mt-3 break-all text-sm text-zinc-700">
                {t("live.watchLink")}{" "}
                <a
                  className="text-blue-700 underline"
                  href={session.watchUrl}
                  target="_blank"
                  rel="noreferrer"
                >
                  {session.watchUrl}
                </a>
              </p>
            )}
          </Card>
        )}

        {warning && (
          <p role="alert" className="rounded-md bg-amber-50 p-3 text-amber-900">
            {warning}
          </p>
        )}
        {error && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
            {error}
          </p>
        )}

        <section
          aria-label={t("live.captions")}
          aria-live="polite"
          className="min-h-40 rounded-lg border border-zinc-200 bg-white p-4 text-xl leading-relaxed"
          data-testid="live-captions"
        >
          {finals.map((line) => (
            <p key={line.startMs} data-kind="final">
              {line.text}
            </p>
          ))}
          {partial && (
            <p data-kind="partial" className="text-zinc-500">
              {partial}
            </p>
          )}
          {finals.length === 0 && !partial && (
            <p className="text-base text-zinc-500">{t("live.nothingYet")}</p>
          )}
        </section>

        {state === "stopped" && transcriptionId && (
          <p className="text-lg">
            {t("live.saved")}{" "}
            <Link className="text-blue-700 underline" to={`/?job=${transcriptionId}`}>
              {t("live.openTranscription")}
            </Link>
          </p>
        )}
      </div>
    </Page>
  );
}
