import { MAX_API_KEYS } from "@verbatim/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "../../app/paths";
import { Button } from "../../components/ui/button";
import { Card, CardDescription, CardTitle } from "../../components/ui/card";
import type { ApiKey, CreatedApiKey } from "../../api/types";
import { useApiKeys } from "./api";
import { CreateKeyForm } from "./create-key-form";
import { KeyList } from "./key-list";
import { NewKeyDialog } from "./new-key-dialog";
import { RevokeKeyDialog } from "./revoke-key-dialog";

const LINK =
  "font-medium text-blue-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600";

/** /account: personal API keys — create (the secret shown once), list by prefix, revoke. */
export function ApiKeysCard() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const count = keys.data?.length ?? 0;
  const full = count >= MAX_API_KEYS;

  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1">
          <CardTitle>{t("developers.keys.title")}</CardTitle>
          <CardDescription>{t("developers.keys.text")}</CardDescription>
        </div>
        <Link to={paths.developers} className={`${LINK} text-sm sm:mt-1`}>
          {t("developers.keys.docs")}
        </Link>
      </div>

      <div className="mt-5">
        <CreateKeyForm
          disabled={!keys.data || full}
          hint={full ? t("developers.keys.limitReached", { max: MAX_API_KEYS }) : undefined}
          onCreated={setCreated}
        />
      </div>

      <div className="mt-6">
        {keys.isPending ? (
          <p role="status" className="text-sm text-zinc-600">
            {t("common.loading")}
          </p>
        ) : keys.isError ? (
          <div className="flex flex-wrap items-center gap-3">
            <p role="alert" className="text-sm text-red-800">
              {t("developers.keys.loadFailed")}
            </p>
            <Button variant="outline" size="sm" onClick={() => void keys.refetch()}>
              {t("common.retry")}
            </Button>
          </div>
        ) : count === 0 ? (
          <div className="rounded-lg border border-dashed border-zinc-300 px-4 py-6 text-center">
            <p className="font-medium text-zinc-900">{t("developers.keys.empty")}</p>
            <p className="mt-1 text-sm text-zinc-600">{t("developers.keys.emptyText")}</p>
            <Link to={paths.developers} className={`${LINK} mt-3 inline-block text-sm`}>
              {t("developers.keys.docs")}
            </Link>
          </div>
        ) : (
          <>
            <KeyList keys={keys.data} onRevoke={setRevoking} />
            <p className="mt-2 text-right text-xs text-zinc-600">
              {t("developers.keys.count", { count, max: MAX_API_KEYS })}
            </p>
          </>
        )}
      </div>

      <NewKeyDialog created={created} onClose={() => setCreated(null)} />
      <RevokeKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} />
    </Card>
  );
}
