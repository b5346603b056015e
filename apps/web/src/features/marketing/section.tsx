import { clsx } from "clsx";
import { useId, type ReactNode } from "react";

/** A page band with an h2 and an optional lead paragraph; `tone` alternates backgrounds. */
export function Section({
  title,
  intro,
  children,
  tone = "plain",
  className,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  tone?: "plain" | "muted";
  className?: string;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={clsx(tone === "muted" && "bg-zinc-50", "py-14 sm:py-20", className)}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id={id} className="text-2xl font-bold tracking-tight text-zinc-900 sm:text-3xl">
            {title}
          </h2>
          {intro && <p className="mt-3 text-base text-zinc-600 sm:text-lg">{intro}</p>}
        </div>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}

/** A section heading for pages framed by <Page> (left aligned, smaller). */
export function SubSection({
  title,
  children,
  intro,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-14 first:mt-0">
      <h2 id={id} className="text-2xl font-bold tracking-tight text-zinc-900">
        {title}
      </h2>
      {intro && <p className="mt-2 text-zinc-600">{intro}</p>}
      <div className="mt-6">{children}</div>
    </section>
  );
}
