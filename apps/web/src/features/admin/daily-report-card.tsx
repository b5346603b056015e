import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../api/client";
import type { DailyReport } from "../../api/types";
import { Button } from "../../components/ui/button";
import { Card, CardDescription, CardTitle } from "../../components/ui/card";
import { toast } from "../../components/ui/toast-store";

/** Sends the daily usage report now, with a toast either way. */
export function DailyReportCard() {
  const { t } = useTranslation();
  const send = useMutation({
    mutationFn: () => api<DailyReport>("/api/admin/run-daily-report", { method: "POST" }),
    onSuccess: (result) =>
      toast({
        title: t("admin.report.successTitle"),
        description: t("admin.report.successDescription", { count: result.recipients.length }),
        variant: "success",
      }),
    onError: () =>
      toast({
        title: t("admin.report.failedTitle"),
        description: t("admin.report.failedDescription"),
        variant: "destructive",
      }),
  });
  return (
    <Card className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <CardTitle>{t("admin.report.title")}</CardTitle>
        <CardDescription>{t("admin.report.description")}</CardDescription>
      </div>
      <Button
        className="w-full sm:w-auto"
        disabled={send.isPending}
        aria-busy={send.isPending || undefined}
        onClick={() => send.mutate()}
      >
        {send.isPending ? t("admin.report.sending") : t("admin.report.button")}
      </Button>
    </Card>
  );
}
