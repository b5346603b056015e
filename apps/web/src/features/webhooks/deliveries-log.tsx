import { clsx } from "clsx";
import { useTranslation } from "react-i18next";
import type { WebhookDelivery } from "../../api/types";
import { useDeliveries } from "./api";
import { dateLocale } from "../../i18n/language";

const STATUS_STYLE: Record<WebhookDelivery["status"], string> = {
  pending: "bg-amber-100 text-amber-900",
  delivered: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
};

/** A webhook's latest deliveries: event, status, the endpoint's answer, attempts, when. */
export function DeliveriesLog({ webhookId }: { webhookId: string }) {
  const { t, i18n } = useTranslation();
  const deliveries = useDeliveries(webhookId);
  const time = (value: string) =>
    new Date(value).toLocaleString(dateLocale(i18n.language), {
      dateStyle: "medium",
      timeStyle: "short",
    });
  if (deliveries.isPending) {
    return (
      <p role="status" className="text-sm text-zinc-600">
        {t("common.loading")}
      </p>
    );
  }
  if (deliveries.isError) {
    return (
      <p role="alert" className="text-sm text-red-800">
        {t("account.webhooks.deliveriesFailed")}
      </p>
    );
  }
  if (deliveries.data.length === 0) {
    return <p className="text-sm text-zinc-600">{t("account.webhooks.noDeliveries")}</p>;
  }
  return (
    <ul
      aria-label={t("account.webhooks.deliveries")}
      className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 text-sm"
    >
      {deliveries.data.map((delivery) => (
        <li key={delivery.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
          <span
            className={clsx(
              "rounded px-1.5 py-0.5 text-xs font-medium",
              STATUS_STYLE[delivery.status],
            )}
          >
            {t(`account.webhooks.status.${delivery.status}`)}
          </span>
          <code className="font-mono text-xs break-all text-zinc-800">{delivery.type}</code>
          <span className="text-zinc-600">
            {delivery.responseStatus !== null
              ? t("account.webhooks.answered", { status: delivery.responseStatus })
              : delivery.error
                ? t("account.webhooks.noAnswer")
                : null}
          </span>
          <span className="text-zinc-600">
            {t("account.webhooks.attempts", { count: delivery.attempts })}
          </span>
          <span className="ml-auto text-xs text-zinc-500">{time(delivery.createdAt)}</span>
        </li>
      ))}
    </ul>
  );
}
