import { useTranslation } from "react-i18next";
import type { WebhookCreated } from "../../api/types";
import { ShownOnceDialog } from "../api-keys/shown-once-dialog";

/** Shows a new webhook's signing secret, the only time it can be seen. */
export function SecretDialog({
  created,
  onClose,
}: {
  created: WebhookCreated | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ShownOnceDialog
      value={created?.secret ?? null}
      inputId="webhook-secret"
      texts={{
        title: t("account.webhooks.secretTitle"),
        description: t("account.webhooks.secretText"),
        warning: t("account.webhooks.secretWarning"),
        label: t("account.webhooks.secretLabel"),
        copyWhat: t("account.webhooks.secretLabel"),
        done: t("account.webhooks.done"),
      }}
      onClose={onClose}
    />
  );
}
