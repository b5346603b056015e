import * as Dialog from "@radix-ui/react-dialog";
import type { ComponentProps, ReactNode } from "react";

/** The app's modal frame (as the account deletion dialog): overlay, centred panel, title, text. */
export function ModalFrame({
  title,
  description,
  children,
  ...contentProps
}: ComponentProps<typeof Dialog.Content> & { title: ReactNode; description: ReactNode }) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
      <Dialog.Content
        className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus-visible:outline-2 focus-visible:outline-blue-600"
        {...contentProps}
      >
        <Dialog.Title className="text-lg font-semibold text-zinc-900">{title}</Dialog.Title>
        <Dialog.Description className="mt-2 text-sm text-zinc-700">
          {description}
        </Dialog.Description>
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  );
}
