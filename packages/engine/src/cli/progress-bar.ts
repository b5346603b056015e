/** A one-line progress bar on a terminal; silent when the stream is not a TTY. */
export class ProgressBar {
  private lastDraw = 0;
  private drawn = false;

  constructor(private readonly stream: NodeJS.WriteStream = process.stderr) {}

  get enabled(): boolean {
    return Boolean(this.stream.isTTY);
  }

  /** Redraws at most ten times a second. */
  update(fraction: number, label: string): void {
    if (!this.enabled) return;
    const now = Date.now();
    if (now - this.lastDraw < 100 && fraction < 1) return;
    this.lastDraw = now;
    const width = 30;
    const filled = Math.round(Math.min(1, Math.max(0, fraction)) * width);
    const bar = "█".repeat(filled) + "░".repeat(width - filled);
    const percent = `${Math.floor(fraction * 100)}`.padStart(3);
    this.stream.write(
      `\r${bar} ${percent}% ${label}`
        .padEnd(this.stream.columns || 80)
        .slice(0, (this.stream.columns || 80) - 1),
    );
    this.drawn = true;
  }

  /** Clears the line. */
  done(): void {
    if (this.enabled && this.drawn)
      this.stream.write(`\r${" ".repeat((this.stream.columns || 80) - 1)}\r`);
    this.drawn = false;
  }
}

/** "1:05" style duration for progress labels. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}
