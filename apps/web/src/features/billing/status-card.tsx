import type { ReactNode } from "react";
import { Card, CardTitle } from "../../components/ui/card";

/** A spinning ring; decorative, the text next to it says what is happening. */
export function Spinner({ className = "h-8 w-8" }: { className?: string }) {
  return (
    <svg
      className={`animate-spin text-blue-600 motion-reduce:animate-none ${className}`}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" className="opacity-25" />
      <path
        d="M22 12a10 10 0 0 0-10-10"
        stroke="currentColor"
        strokeWidth="4"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** "Working on it" with a spinner, announced politely. */
export function BusyNotice({ message, hint }: { message: string; hint?: string }) {
  return (
    <Card className="flex flex-col items-center gap-4 text-center" role="status" aria-live="polite">
      <Spinner />
      <p className="text-lg font-medium text-zinc-900">{message}</p>
      {hint && <p className="text-sm text-zinc-600">{hint}</p>}
    </Card>
  );
}

/** An error (or result) card: a heading, a message and a row of actions that wraps on phones. */
export function StatusCard({
  title,
  message,
  tone = "error",
  children,
  actions,
}: {
  title: string;
  message?: ReactNode;
  tone?: "error" | "success";
  children?: ReactNode;
  actions: ReactNode;
}) {
  return (
    <Card
      role={tone === "error" ? "alert" : undefined}
      className={tone === "error" ? "border-red-200 bg-red-50" : "border-emerald-200 bg-emerald-50"}
    >
      <CardTitle className={tone === "error" ? "text-red-900" : "text-emerald-900"}>
        {title}
      </CardTitle>
      {message && (
        <p className={`mt-2 ${tone === "error" ? "text-red-800" : "text-emerald-900"}`}>
          {message}
        </p>
      )}
      {children}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">{actions}</div>
    </Card>
  );
}
