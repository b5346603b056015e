// The speaker's side of the live socket: frames are kept until the server acknowledges them,
// and after a cut the connection comes back and resends from the sample the server says it
// has (its `ready` message), so nothing said is lost or sent twice.

/** What the socket says (docs/live.md). */
export type LiveMessage =
  | { type: "ready"; receivedSamples: number; upToMs: number; paused: boolean }
  | { type: "ack"; receivedSamples: number; upToMs: number }
  | { type: "partial" | "final"; text: string; startMs: number; endMs: number }
  | { type: "warning"; code: string; secondsLeft: number; details?: Record<string, unknown> }
  | { type: "error"; code: string; details?: Record<string, unknown> }
  | { type: "stopped"; transcriptionId: string | null };

export interface LiveConnectionEvents {
  onMessage(message: LiveMessage): void;
  /** Connected or not (a cut: the page says it is reconnecting). */
  onConnected(connected: boolean): void;
}

/** Close codes after which reconnecting would not help (the server refused on purpose). */
const FINAL_CLOSE_CODES = new Set([1000, 1008, 1009]);

export class LiveConnection {
  private socket: WebSocket | null = null;
  /** Frames not yet acknowledged, from `pendingFrom` (samples) on. */
  private pending: Int16Array[] = [];
  private pendingFrom = 0;
  private sentUpTo = 0;
  private ready = false;
  private closed = false;
  private retryMs = 500;

  constructor(
    private readonly url: string,
    private readonly events: LiveConnectionEvents,
  ) {
    this.open();
  }

  /** Samples the server has acknowledged. */
  get acknowledged(): number {
    return this.pendingFrom;
  }

  /** Samples waiting for an acknowledgement (kept in memory until then). */
  get unacknowledged(): number {
    return this.pending.reduce((n, frame) => n + frame.length, 0);
  }

  send(frame: Int16Array): void {
    this.pending.push(frame);
    this.flush();
  }

  /** Stops reconnecting and closes the socket. */
  close(): void {
    this.closed = true;
    this.socket?.close(1000);
  }

  private open(): void {
    const socket = new WebSocket(this.url);
    socket.binaryType = "arraybuffer";
    this.socket = socket;
    this.ready = false;
    socket.onmessage = (event: MessageEvent) => {
      if (typeof event.data !== "string") return;
      const message = JSON.parse(event.data) as LiveMessage;
      if (message.type === "ready") {
        this.acknowledge(message.receivedSamples);
        this.sentUpTo = message.receivedSamples;
        this.ready = true;
        this.retryMs = 500;
        this.events.onConnected(true);
        this.flush();
      } else if (message.type === "ack") this.acknowledge(message.receivedSamples);
      this.events.onMessage(message);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.ready = false;
      if (this.closed || FINAL_CLOSE_CODES.has(event.code)) return;
      this.events.onConnected(false);
      setTimeout(() => this.open(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, 5_000);
    };
  }

  /** Drops what the server has; what is left is sent (again) from `sentUpTo`. */
  private acknowledge(upTo: number): void {
    while (this.pending.length > 0 && this.pendingFrom + this.pending[0]!.length <= upTo) {
      this.pendingFrom += this.pending.shift()!.length;
    }
  }

  private flush(): void {
    const socket = this.socket;
    if (!socket || !this.ready || socket.readyState !== WebSocket.OPEN) return;
    let position = this.pendingFrom;
    for (const frame of this.pending) {
      const end = position + frame.length;
      if (end > this.sentUpTo) {
        const from = Math.max(0, this.sentUpTo - position);
        socket.send(frame.subarray(from));
        this.sentUpTo = end;
      }
      position = end;
    }
  }
}
