// A block of editing controls that a viewer (read only) sees disabled.
import type { ReactNode } from "react";

/** Its controls disabled at once (a fieldset's `disabled`) when the subtitles are read only. */
export function Editable({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  if (!readOnly) return <>{children}</>;
  return (
    <fieldset disabled className="contents">
      {children}
    </fieldset>
  );
}
