import type { ReactNode } from "react";
import { Card } from "../../components/ui/card";
import { Page } from "../../components/ui/page";

/** The frame of the sign-in pages: a narrow page with its heading and one card. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Page title={title} intro={intro} width="narrow">
      <Card className="p-5 sm:p-6">{children}</Card>
    </Page>
  );
}

/** A status message inside a sign-in card (success or problem), announced politely. */
export function Notice({
  tone = "info",
  children,
}: {
  tone?: "info" | "success" | "error";
  children: ReactNode;
}) {
  const colours =
    tone === "error"
      ? "border-red-300 bg-red-50 text-red-900"
      : tone === "success"
        ? "border-emerald-300 bg-emerald-50 text-emerald-900"
        : "border-blue-200 bg-blue-50 text-blue-900";
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-md border p-3 text-sm ${colours}`}
    >
      {children}
    </div>
  );
}
