import * as Dialog from "@radix-ui/react-dialog";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { Button } from "../../components/ui/button";
import { useReturnFocus } from "../../components/ui/use-return-focus";
import { toast } from "../../components/ui/toast-store";
import type { ApiKey } from "../../api/types";
import { useRevokeApiKey } from "./api";
import { ModalFrame } from "./dialog";
import { errorText } from "../../api/error-text";

/** Asks before revoking `apiKey` (open while it is set), then revokes it. */
export function RevokeKeyDialog({
  apiKey,
  onClose,
}: {
  apiKey: ApiKey | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const revoke = useRevokeApiKey();

  const confirm = async (key: ApiKey) => {
    try {
      await revoke.mutateAsync(key.id);
      onClose();
      toast({ title: t("developers.keys.revoked"), description: key.name, variant: "success" });
    } catch (error) {
      toast({
        title: t("developers.keys.revokeFailed"),
        description: error instanceof ApiError ? errorText(error) : undefined,
        variant: "destructive",
      });
    }
  };

  const returnFocus = useReturnFocus(apiKey !== null);
  return (
    <Dialog.Root
      open={apiKey !== null}
      onOpenChange={(open) => {
        if (!open && !revoke.isPending) onClose();
      }}
    >
      {apiKey && (
        <ModalFrame
          title={t("developers.keys.revokeTitle", { name: apiKey.name })}
          description={t("developers.keys.revokeText")}
          onCloseAutoFocus={returnFocus}
        >
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button variant="outline" disabled={revoke.isPending}>
                {t("common.cancel")}
              </Button>
            </Dialog.Close>
            <Button
              variant="destructive"
              disabled={revoke.isPending}
              onClick={() => void confirm(apiKey)}
            >
              {revoke.isPending
                ? t("developers.keys.revoking")
                : t("developers.keys.revokeConfirm")}
            </Button>
          </div>
        </ModalFrame>
      )}
    </Dialog.Root>
  );
}
