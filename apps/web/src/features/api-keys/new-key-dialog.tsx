import * as Dialog from "@radix-ui/react-dialog";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { useReturnFocus } from "../../components/ui/use-return-focus";
import type { CreatedApiKey } from "../../api/types";
import { CopyButton } from "./copy-button";
import { ModalFrame } from "./dialog";

/**
 * Shows a just-created key, the only time it can be seen. Closing (Done, Escape) drops it for
 * good; a click outside does not close, so the key is not lost by accident.
 */
export function NewKeyDialog({
  created,
  onClose,
}: {
  created: CreatedApiKey | null;
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
          title={t("developers.keys.newTitle")}
          description={t("developers.keys.newText")}
          onCloseAutoFocus={returnFocus}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
        >
          <div
            role="note"
            className="mt-4 flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="mt-0.5 size-5 shrink-0"
              fill="currentColor"
            >
              <path d="M12 2 1 21h22L12 2Zm1 15h-2v2h2v-2Zm0-8h-2v6h2V9Z" />
            </svg>
            <p className="font-medium">{t("developers.keys.newWarning")}</p>
          </div>
          <label htmlFor="new-api-key" className="mt-4 block text-sm font-medium text-zinc-800">
            {t("developers.keys.keyLabel", { name: created.name })}
          </label>
          <div className="mt-1.5 flex flex-col gap-2 sm:flex-row sm:items-center">
            <input
              ref={inputRef}
              id="new-api-key"
              readOnly
              value={created.key}
              spellCheck={false}
              onFocus={(event) => event.currentTarget.select()}
              className="h-10 w-full min-w-0 flex-1 rounded-md border border-zinc-300 bg-zinc-50 px-3 font-mono text-sm text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600"
            />
            <CopyButton
              text={created.key}
              target={inputRef}
              what={t("developers.keys.copyKey")}
              className="h-10 justify-center"
            />
          </div>
          <div className="mt-6 flex justify-end">
            <Dialog.Close asChild>
              <Button>{t("developers.keys.done")}</Button>
            </Dialog.Close>
          </div>
        </ModalFrame>
      )}
    </Dialog.Root>
  );
}
