import { lazy, Suspense, useEffect, useState } from "react";
import { useCurrentToast } from "./toast-store";

const Toaster = lazy(() => import("./toaster").then((m) => ({ default: m.Toaster })));

/**
 * The Toaster, loaded with the first toast: most visits to the public pages show none, so they
 * do not carry its code. Once loaded it stays, for the next toasts and their announcements.
 */
export function DeferredToaster() {
  const toast = useCurrentToast();
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (toast) setNeeded(true);
  }, [toast]);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
