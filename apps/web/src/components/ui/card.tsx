import { clsx } from "clsx";
import type { HTMLAttributes, ReactNode } from "react";

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={clsx("rounded-xl border border-zinc-200 bg-white p-6 shadow-sm", className)}
      {...props}
    />
  );
}

export function CardTitle({
  children,
  as: Heading = "h2",
  className,
}: {
  children: ReactNode;
  as?: "h2" | "h3";
  className?: string;
}) {
  return (
    <Heading className={clsx("text-lg font-semibold text-zinc-900", className)}>{children}</Heading>
  );
}

export function CardDescription({ children }: { children: ReactNode }) {
  return <p className="mt-1 text-sm text-zinc-600">{children}</p>;
}
