import * as RadixToast from "@radix-ui/react-toast";
import { clsx } from "clsx";
import { useTranslation } from "react-i18next";
import { dismissToast, useCurrentToast } from "./toast-store";

/** How long a toast stays. */
export const TOAST_DURATION_MS = 5000;

/** Renders the current toast (one at a time) in a polite live region, bottom right. */
export function Toaster() {
  const toast = useCurrentToast();
  const { t } = useTranslation();
  return (
    <RadixToast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {toast && (
        <RadixToast.Root
          key={toast.id}
          duration={toast.durationMs ?? TOAST_DURATION_MS}
          type={toast.variant === "destructive" ? "foreground" : "background"}
          onOpenChange={(open) => {
            if (!open) dismissToast(toast.id);
          }}
          className={clsx(
            "grid grid-cols-[1fr_auto] items-start gap-x-3 rounded-lg border p-4 shadow-lg",
            toast.variant === "destructive"
              ? "border-red-300 bg-red-50 text-red-900"
              : toast.variant === "success"
                ? "border-emerald-300 bg-emerald-50 text-emerald-900"
                : "border-zinc-200 bg-white text-zinc-900",
          )}
        >
          <RadixToast.Title className="font-semibold">{toast.title}</RadixToast.Title>
          <RadixToast.Close
            aria-label={t("common.close")}
            className="tap-target row-span-2 rounded px-1 text-lg leading-none opacity-70 hover:opacity-100"
          >
            ×
          </RadixToast.Close>
          {toast.description && (
            <RadixToast.Description className="mt-1 text-sm">
              {toast.description}
            </RadixToast.Description>
          )}
          {toast.action && (
            <RadixToast.Action altText={toast.action.label} asChild>
              <button
                type="button"
                onClick={toast.action.run}
                className="mt-2 justify-self-start rounded-md border border-current px-3 py-1 text-sm font-semibold hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-blue-600"
              >
                {toast.action.label}
              </button>
            </RadixToast.Action>
          )}
        </RadixToast.Root>
      )}
      <RadixToast.Viewport className="fixed right-0 bottom-0 z-50 m-4 flex w-[min(24rem,calc(100vw-2rem))] flex-col outline-none" />
    </RadixToast.Provider>
  );
}
