import { useId, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/error-text";
import { Button } from "../../components/ui/button";

/**
 * A piece of the Overview its editor may rewrite: shown as `children` with an Edit button; the
 * button opens a text box (one line or several) with Save and Cancel. `onSave` sends the new
 * text; the box closes when it is stored, and a refusal is said in the user's language.
 */
export function EditableText({
  value,
  label,
  editLabel,
  maxLength,
  multiline = false,
  editable,
  onSave,
  children,
}: {
  value: string;
  /** The text box's label. */
  label: string;
  /** The Edit button's accessible name (which piece it edits). */
  editLabel: string;
  maxLength: number;
  multiline?: boolean;
  /** False for a reader: the text alone. */
  editable: boolean;
  onSave(text: string): Promise<unknown>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!editable) return <>{children}</>;
  if (draft === null) {
    return (
      <span className="group inline">
        {children}{" "}
        <button
          type="button"
          className="tap-target ml-1 rounded px-1 text-xs font-normal text-blue-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
          aria-label={editLabel}
          onClick={() => {
            setError(null);
            setDraft(value);
          }}
        >
          {t("insights.edit.button")}
        </button>
      </span>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (text === "") return setError(t("insights.edit.empty"));
    setBusy(true);
    setError(null);
    onSave(text).then(
      () => {
        setBusy(false);
        setDraft(null);
      },
      (failure: unknown) => {
        setBusy(false);
        setError(errorText(failure));
      },
    );
  };
  const box =
    "w-full rounded-md border border-zinc-300 px-2 py-1 text-sm font-normal max-sm:min-h-11";
  return (
    <form className="block space-y-2" onSubmit={submit} noValidate>
      <label htmlFor={id} className="block text-xs font-medium text-zinc-700">
        {label}
      </label>
      {multiline ? (
        <textarea
          id={id}
          className={box}
          rows={3}
          maxLength={maxLength}
          value={draft}
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setDraft(event.target.value)}
        />
      ) : (
        <input
          id={id}
          className={box}
          maxLength={maxLength}
          value={draft}
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setDraft(event.target.value)}
        />
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-800">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? t("insights.edit.saving") : t("insights.edit.save")}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          disabled={busy}
          onClick={() => setDraft(null)}
        >
          {t("insights.edit.cancel")}
        </Button>
      </div>
    </form>
  );
}
