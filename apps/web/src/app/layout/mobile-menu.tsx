import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";

/** The panel's code (the dialog and its focus handling), fetched at the first hint of a tap. */
const loadPanel = () => import("./mobile-menu-panel");
const MobileMenuPanel = lazy(() => loadPanel().then((m) => ({ default: m.MobileMenuPanel })));

/**
 * Narrow screens (< 768 px): the menu button. The panel it opens is loaded on the first
 * pointer or focus on the button (or the tap itself), so the public pages do not carry the
 * dialog's code; once opened it stays mounted, as Radix's own trigger would have it.
 */
export function MobileMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const prefetch = () => void loadPanel();
  return (
    <>
      <button
        type="button"
        aria-label={t("header.openMenu")}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={prefetch}
        onPointerDown={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        className="grid size-10 place-items-center rounded-md text-zinc-800 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-600 md:hidden"
      >
        <svg
          aria-hidden
          viewBox="0 0 24 24"
          className="size-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
        </svg>
      </button>
      {used && (
        <Suspense fallback={null}>
          <MobileMenuPanel open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
