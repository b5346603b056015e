import * as Dialog from "@radix-ui/react-dialog";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import type { WebhookCreated } from "../../api/types";
import { Button } from "../../components/ui/button";
import { useReturnFocus } from "../../components/ui/use-return-focus";
import { CopyButton } from "../api-keys/copy-button";
import { ModalFrame } from "../api-keys/dialog";

/**
 * Shows a new webhook's signing secret, the only time it can be seen. Closing (Done, Escape)
 * drops it; a click outside does not close, so it is not lost by accident.
 */
export function SecretDialog({
  created,
  onClose,
}: {
  created: WebhookCreated | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const returnFocus = useReturnFocus(created !== null);
  return (
    <Dialog.Root
      open={created !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {created && (
        <ModalFrame
          title={t("account.webhooks.secretTitle")}
          description={t("account.webhooks.secretText")}
          onCloseAutoFocus={returnFocus}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
        >
          <p
            role="note"
            className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-900"
          >
            {t("account.webhooks.secretWarning")}
          </p>
          <label htmlFor="webhook-secret" className="mt-4 block text-sm font-medium text-zinc-800">
            {t("account.webhooks.secretLabel")}
          </label>
          <div className="mt-1.5 flex flex-col gap-2 sm:flex-row sm:items-center">
            <input
              ref={inputRef}
              id="webhook-secret"
              readOnly
              value={created.secret}
              spellCheck={false}
              onFocus={(event) => event.currentTarget.select()}
              className="h-10 w-full min-w-0 flex-1 rounded-md border border-zinc-300 bg-zinc-50 px-3 font-mono text-sm text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600"
            />
            <CopyButton
              text={created.secret}
              target={inputRef}
              what={t("account.webhooks.secretLabel")}
              className="h-10 justify-center"
            />
          </div>
          <div className="mt-6 flex justify-end">
            <Dialog.Close asChild>
              <Button>{t("account.webhooks.done")}</Button>
            </Dialog.Close>
          </div>
        </ModalFrame>
      )}
    </Dialog.Root>
  );
}
