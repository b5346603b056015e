import * as Dialog from "@radix-ui/react-dialog";
import { useRef } from "react";
import { Button } from "../../components/ui/button";
import { useReturnFocus } from "../../components/ui/use-return-focus";
import { CopyButton } from "./copy-button";
import { ModalFrame } from "./dialog";

/** What a shown-once dialog says, in the caller's words. */
export interface ShownOnceTexts {
  title: string;
  description: string;
  warning: string;
  label: string;
  /** What the copy button copies, for its accessible name. */
  copyWhat: string;
  done: string;
}

/**
 * Shows a secret the server gives once (a new API key, a webhook's signing secret), the only
 * time it can be seen. Closing (Done, Escape) drops it for good; a click outside does not close,
 * so it is not lost by accident.
 */
export function ShownOnceDialog({
  value,
  inputId,
  texts,
  onClose,
}: {
  /** The secret; null when there is nothing to show (the dialog is closed). */
  value: string | null;
  inputId: string;
  texts: ShownOnceTexts | null;
  onClose: () => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const returnFocus = useReturnFocus(value !== null);
  return (
    <Dialog.Root
      open={value !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {value !== null && texts && (
        <ModalFrame
          title={texts.title}
          description={texts.description}
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
            <p className="font-medium">{texts.warning}</p>
          </div>
          <label htmlFor={inputId} className="mt-4 block text-sm font-medium text-zinc-800">
            {texts.label}
          </label>
          <div className="mt-1.5 flex flex-col gap-2 sm:flex-row sm:items-center">
            <input
              ref={inputRef}
              id={inputId}
              readOnly
              value={value}
              spellCheck={false}
              onFocus={(event) => event.currentTarget.select()}
              className="h-10 w-full min-w-0 flex-1 rounded-md border border-zinc-300 bg-zinc-50 px-3 font-mono text-sm text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600"
            />
            <CopyButton
              text={value}
              target={inputRef}
              what={texts.copyWhat}
              className="h-10 justify-center"
            />
          </div>
          <div className="mt-6 flex justify-end">
            <Dialog.Close asChild>
              <Button>{texts.done}</Button>
            </Dialog.Close>
          </div>
        </ModalFrame>
      )}
    </Dialog.Root>
  );
}
