import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "../app/paths";
import { Button } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { Page } from "../components/ui/page";
import { DailyReportCard } from "../features/admin/daily-report-card";
import { FigureCards } from "../features/admin/figure-cards";
import { formatMoment, useAdminUsage } from "../features/admin/usage";
import { UserList } from "../features/admin/user-list";
import { UsageChart } from "../features/admin/usage-chart";

/** /admin (admins only, RequireAdmin): the daily report on demand, usage figures, a chart, users. */
export default function AdminPage() {
  const { t, i18n } = useTranslation();
  const usage = useAdminUsage();
  const report = usage.data;

  return (
    <Page title={t("admin.title")} intro={t("admin.intro")} width="wide">
      <div className="space-y-8">
        <p>
          <Button asChild variant="outline">
            <Link to={paths.adminSupport}>{t("admin.support.link")}</Link>
          </Button>
        </p>
        <DailyReportCard />
        <section aria-labelledby="admin-usage" className="space-y-4">
          <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
            <h2 id="admin-usage" className="text-xl font-semibold text-zinc-900">
              {t("admin.usage.title")}
            </h2>
            {report && (
              <p className="text-sm text-zinc-600">
                {t("admin.usage.period", {
                  from: formatMoment(report.period.from, i18n.language),
                  to: formatMoment(report.period.to, i18n.language),
                })}
              </p>
            )}
          </div>
          {usage.isPending ? (
            <p role="status" className="text-zinc-600">
              {t("admin.usage.loading")}
            </p>
          ) : usage.isError ? (
            <Card role="alert" className="border-red-200 bg-red-50">
              <p className="text-red-900">{t("admin.usage.failed")}</p>
              <Button variant="outline" className="mt-4" onClick={() => void usage.refetch()}>
                {t("admin.usage.retry")}
              </Button>
            </Card>
          ) : (
            <>
              <FigureCards report={usage.data} />
              <UsageChart days={usage.data.daily} />
            </>
          )}
        </section>
        <UserList />
      </div>
    </Page>
  );
}
