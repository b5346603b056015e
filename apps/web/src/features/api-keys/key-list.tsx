import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { formatDate } from "../account/format";
import type { ApiKey } from "../../api/types";

/** The keys by name and prefix (the secret is never listed), with when they were made and used. */
export function KeyList({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (key: ApiKey) => void }) {
  const { t, i18n } = useTranslation();
  const date = (value: string) => formatDate(value, i18n.language);
  return (
    <ul
      aria-label={t("developers.keys.listLabel")}
      className="divide-y divide-zinc-200 rounded-lg border border-zinc-200"
    >
      {keys.map((key) => (
        <li key={key.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="font-medium break-words text-zinc-900">{key.name}</span>
              <code
                title={t("developers.keys.prefixLabel")}
                className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs text-zinc-700"
              >
                <span className="sr-only">{t("developers.keys.prefixLabel")} </span>
                {key.prefix}…
              </code>
            </p>
            <p className="mt-1 text-sm text-zinc-600">
              {t("developers.keys.created", { date: date(key.createdAt) })}
              <span aria-hidden="true"> · </span>
              <span className="inline-block">
                {key.lastUsedAt
                  ? t("developers.keys.lastUsed", { date: date(key.lastUsedAt) })
                  : t("developers.keys.neverUsed")}
              </span>
            </p>
          </div>
          <Button
            variant="outline"
            size="sm"
            aria-label={t("developers.keys.revokeLabel", { name: key.name })}
            onClick={() => onRevoke(key)}
          >
            {t("developers.keys.revoke")}
          </Button>
        </li>
      ))}
    </ul>
  );
}
