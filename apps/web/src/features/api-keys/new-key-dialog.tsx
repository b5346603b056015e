import { useTranslation } from "react-i18next";
import type { CreatedApiKey } from "../../api/types";
import { ShownOnceDialog } from "./shown-once-dialog";

/** Shows a just-created key, the only time it can be seen. */
export function NewKeyDialog({
  created,
  onClose,
}: {
  created: CreatedApiKey | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ShownOnceDialog
      value={created?.key ?? null}
      inputId="new-api-key"
      texts={
        created && {
          title: t("developers.keys.newTitle"),
          description: t("developers.keys.newText"),
          warning: t("developers.keys.newWarning"),
          label: t("developers.keys.keyLabel", { name: created.name }),
          copyWhat: t("developers.keys.copyKey"),
          done: t("developers.keys.done"),
        }
      }
      onClose={onClose}
    />
  );
}
