// The live sessions of one live engine process: each with its own speech detector and decoder,
// all sharing the loaded models, whose decodes take turns (one at a time per process).
import { EngineError, isEngineError } from "../errors.js";
import { loadRecogniser } from "../recognisers/load-recogniser.js";
import type { Recogniser } from "../recognisers/recogniser.js";
import { SpeechDetector } from "../vad/speech-detector.js";
import { LiveDecoder } from "./live-decoder.js";
import type { LiveEngineMessage, LiveParentMessage, LiveSessionSpec } from "./live-protocol.js";

interface Session {
  spec: LiveSessionSpec;
  /** The session's work in order: opening, each block of audio, the finish. */
  chain: Promise<void>;
  decoder: LiveDecoder | null;
  detector: SpeechDetector | null;
  closed: boolean;
  failed: boolean;
}

/** Runs live sessions and answers with their text; decodes of every session take turns. */
export class LiveSessions {
  private readonly sessions = new Map<string, Session>();
  private readonly models = new Map<string, Promise<Recogniser>>();
  /** The decode running now: the next waits for it (one model run at a time). */
  private turn: Promise<unknown> = Promise.resolve();

  constructor(private readonly send: (message: LiveEngineMessage) => void) {}

  /** Sessions open now. */
  get size(): number {
    return this.sessions.size;
  }

  handle(message: LiveParentMessage): void {
    switch (message.type) {
      case "open":
        return this.open(message.sessionId, message.spec);
      case "audio":
        return this.then(message.sessionId, (session) => session.decoder!.push(message.pcm));
      case "finish":
        return this.then(message.sessionId, async (session) => {
          await session.decoder!.finish();
          this.send({ type: "finished", sessionId: message.sessionId });
          await this.drop(message.sessionId);
        });
      case "close":
        void this.drop(message.sessionId);
        return;
    }
  }

  /** Stops everything (the process is ending). */
  async closeAll(): Promise<void> {
    await Promise.all([...this.sessions.keys()].map((id) => this.drop(id)));
    for (const model of this.models.values()) await (await model.catch(() => null))?.free();
    this.models.clear();
  }

  private open(sessionId: string, spec: LiveSessionSpec): void {
    if (this.sessions.has(sessionId)) return;
    const session: Session = {
      spec,
      chain: Promise.resolve(),
      decoder: null,
      detector: null,
      closed: false,
      failed: false,
    };
    this.sessions.set(sessionId, session);
    this.then(sessionId, async () => {
      const [model, detector] = await Promise.all([this.model(spec), SpeechDetector.create()]);
      session.detector = detector;
      if (session.closed) return void (await detector.close());
      session.decoder = new LiveDecoder(
        detector,
        (pcm, kind) =>
          this.inTurn(() =>
            model.transcribe(pcm, {
              language: spec.language,
              translate: false,
              wordTimestamps: kind === "final",
              threads: spec.threads,
              beamSize: 1,
              temperature: 0,
              temperatureFallback: false,
              windowFitsAudio: spec.window !== "full",
            }),
          ),
        (text) => {
          if (!session.closed) this.send({ type: "text", sessionId, text });
        },
        {
          language: spec.language,
          ...(spec.chineseScript ? { chineseScript: spec.chineseScript } : {}),
          ...(spec.partialEveryMs ? { partialEveryMs: spec.partialEveryMs } : {}),
        },
      );
    });
  }

  /** Runs a step of a session after its earlier ones; a failure ends the session. */
  private then(sessionId: string, step: (session: Session) => Promise<void>): void {
    const session = this.sessions.get(sessionId);
    if (!session || session.failed) return;
    session.chain = session.chain
      .then(() => (session.closed || session.failed ? undefined : step(session)))
      .catch((error: unknown) => {
        if (session.failed || session.closed) return;
        session.failed = true;
        const engineError = isEngineError(error) ? error : null;
        this.send({
          type: "error",
          sessionId,
          code: engineError?.code ?? "ENGINE_FAILED",
          message: engineError?.message ?? `Live recognition failed: ${String(error)}`,
        });
        void this.drop(sessionId);
      });
  }

  private async drop(sessionId: string): Promise<void> {
    const session = this.sessions.get(sessionId);
    if (!session) return;
    session.closed = true;
    this.sessions.delete(sessionId);
    await session.chain.catch(() => undefined);
    await session.detector?.close().catch(() => undefined);
  }

  /** One model per file, loaded once and shared by the sessions that use it. */
  private model(spec: LiveSessionSpec): Promise<Recogniser> {
    const key = `${spec.family}\n${spec.modelPath}\n${spec.gpu}`;
    let model = this.models.get(key);
    if (!model) {
      model = loadRecogniser(spec.family, spec.modelPath, {
        gpu: spec.gpu,
        threads: spec.threads,
        language: spec.language,
      });
      model.catch(() => this.models.delete(key));
      this.models.set(key, model);
    }
    return model;
  }

  /** Runs one decode when the model is free. */
  private inTurn<T>(decode: () => Promise<T>): Promise<T> {
    const run = this.turn.then(decode, decode);
    this.turn = run.catch(() => undefined);
    return run.catch((error: unknown) => {
      throw isEngineError(error) ? error : new EngineError("ENGINE_FAILED", String(error));
    });
  }
}
