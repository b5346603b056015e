import { useLayoutEffect, useRef } from "react";

/** The element that last had focus: a control disabled while it works (a submit button) loses it. */
let lastFocused: HTMLElement | null = null;
let tracking = false;

function trackFocus(): void {
  if (tracking) return;
  tracking = true;
  document.addEventListener("focusin", (event) => {
    if (event.target instanceof HTMLElement && event.target !== document.body) {
      lastFocused = event.target;
    }
  });
}

/**
 * For a dialog opened from state (no Radix Trigger, so Radix does not know where to return):
 * remembers the control that had focus when `open` turned true (or last had it, when that
 * control was disabled meanwhile) and gives it focus back when the dialog closes. Pass the
 * result as the Dialog.Content's `onCloseAutoFocus`. When that control is gone (its row was
 * deleted), Radix's default applies.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  trackFocus();
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before the dialog's own (passive) effect moves focus inside it.
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current =
      active instanceof HTMLElement && active !== document.body ? active : lastFocused;
  }, [open]);
  return (event) => {
    const element = opener.current;
    if (element?.isConnected) {
      event.preventDefault();
      element.focus();
    }
  };
}
