import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";

/** An inline control: shift every timing by + or − seconds (clamped at zero). */
export function ShiftControl({ onShift }: { onShift(offsetMs: number): void }) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState("");
  const seconds = Number(value.replace(",", "."));
  const valid = value.trim() !== "" && Number.isFinite(seconds) && seconds !== 0;

  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!valid) return;
        onShift(Math.round(seconds * 1000));
        setValue("");
      }}
    >
      <div className="space-y-1">
        <label htmlFor={id} className="block text-xs font-medium text-zinc-800">
          {t("editor.shift.label")}
        </label>
        <input
          id={id}
          type="text"
          inputMode="decimal"
          placeholder="+0.5"
          value={value}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setValue(event.target.value)}
          className="h-8 w-24 rounded-md border border-zinc-300 bg-white px-2 text-sm text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600"
        />
        <p id={`${id}-hint`} className="sr-only">
          {t("editor.shift.hint")}
        </p>
      </div>
      <Button type="submit" variant="outline" size="sm" disabled={!valid}>
        {t("editor.shift.apply")}
      </Button>
    </form>
  );
}
