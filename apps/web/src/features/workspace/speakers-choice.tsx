import { MAX_SPEAKERS, type SpeakersOption } from "@verbatim/contract";
import { useTranslation } from "react-i18next";

// The upload form's "Speakers" choice: off, detect automatically, exactly N, or between MIN and
// MAX. It is a SpeakersOption from @verbatim/contract, which the server parses the field with,
// so the form can only send what the server accepts (formatSpeakersOption writes the field).

const SELECT =
  "h-10 rounded-md border border-zinc-300 bg-white px-3 text-sm text-zinc-900 focus-visible:outline-2 focus-visible:outline-blue-600";

const COUNTS = Array.from({ length: MAX_SPEAKERS }, (_, i) => i + 1);

/** The option after switching kind, keeping the numbers the user already chose where it can. */
function switchTo(kind: SpeakersOption["kind"], now: SpeakersOption): SpeakersOption {
  const count = now.kind === "exact" ? now.speakers : now.kind === "range" ? now.minSpeakers : 2;
  switch (kind) {
    case "off":
    case "auto":
      return { kind };
    case "exact":
      return { kind, speakers: count };
    case "range":
      return { kind, minSpeakers: count, maxSpeakers: Math.min(MAX_SPEAKERS, count + 2) };
  }
}

export function SpeakersChoice({
  value,
  onChange,
  available = true,
}: {
  value: SpeakersOption;
  onChange(next: SpeakersOption): void;
  /** False when the server lacks the speaker models: the choice is off and says why. */
  available?: boolean;
}) {
  const { t } = useTranslation();
  const numberSelect = (
    id: string,
    label: string,
    current: number,
    choose: (n: number) => void,
    from = 1,
  ) => (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        className={SELECT}
        value={current}
        onChange={(event) => choose(Number(event.target.value))}
      >
        {COUNTS.filter((n) => n >= from).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </>
  );
  return (
    <div className="space-y-1.5 sm:col-span-2">
      <label htmlFor="speakers" className="block text-sm font-medium text-zinc-800">
        {t("workspace.options.speakers")}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <select
          id="speakers"
          aria-describedby="speakers-hint"
          className={SELECT}
          disabled={!available}
          value={available ? value.kind : "off"}
          onChange={(event) =>
            onChange(switchTo(event.target.value as SpeakersOption["kind"], value))
          }
        >
          <option value="off">{t("workspace.options.speakersOff")}</option>
          <option value="auto">{t("workspace.options.speakersAuto")}</option>
          <option value="exact">{t("workspace.options.speakersExact")}</option>
          <option value="range">{t("workspace.options.speakersRange")}</option>
        </select>
        {value.kind === "exact" &&
          numberSelect(
            "speakers-count",
            t("workspace.options.speakersCount"),
            value.speakers,
            (n) => onChange({ kind: "exact", speakers: n }),
          )}
        {value.kind === "range" && (
          <>
            {numberSelect(
              "speakers-min",
              t("workspace.options.speakersMin"),
              value.minSpeakers,
              (n) =>
                onChange({
                  kind: "range",
                  minSpeakers: n,
                  maxSpeakers: Math.max(n, value.maxSpeakers),
                }),
            )}
            <span className="text-sm text-zinc-700">{t("workspace.options.speakersAnd")}</span>
            {numberSelect(
              "speakers-max",
              t("workspace.options.speakersMax"),
              value.maxSpeakers,
              (n) => onChange({ kind: "range", minSpeakers: value.minSpeakers, maxSpeakers: n }),
              value.minSpeakers,
            )}
          </>
        )}
      </div>
      <p id="speakers-hint" className="text-sm text-zinc-600">
        {t(available ? "workspace.options.speakersHint" : "workspace.options.speakersUnavailable")}
      </p>
    </div>
  );
}
