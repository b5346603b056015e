import { STL_GSI_FIELDS } from "@verbatim/contract";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";

/** The EBU-STL GSI fields a broadcaster fills in, as the export's `stl*` query parameters. */
const TEXT_FIELDS = [
  ["programme", "stlProgramme"],
  ["episode", "stlEpisode"],
  ["publisher", "stlPublisher"],
  ["editor", "stlEditor"],
  ["contact", "stlContact"],
] as const;

type FieldName = (typeof TEXT_FIELDS)[number][0] | "country" | "revision";

/**
 * The broadcast delivery preset (docs/broadcast.md): an EBU-STL file with the General Subtitle
 * Information a broadcaster's QC tool reads (programme and episode titles, country, publisher,
 * editor and contact, revision), filled in here before the download. The frame rate is the
 * video's. Folded by default: most downloads need none of it.
 */
export function BroadcastDelivery({
  programme,
  disabled,
  onDownload,
}: {
  /** The programme title to start from (the file's name). */
  programme: string;
  /** EBU-STL cannot hold this transcription's text. */
  disabled: boolean;
  onDownload(parameters: Record<string, string>): void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<FieldName, string>>({
    programme: programme.slice(0, 32),
    episode: "",
    publisher: "",
    editor: "",
    contact: "",
    country: "",
    revision: "0",
  });
  // The export's own rules (contract's stl-information.ts), said here first.
  const countryError =
    values.country !== "" && !STL_GSI_FIELDS.stlCountry.safeParse(values.country).success
      ? t("workspace.broadcast.countryError")
      : undefined;
  const revisionError = STL_GSI_FIELDS.stlRevision.safeParse(values.revision).success
    ? undefined
    : t("workspace.broadcast.revisionError");
  const set = (name: FieldName) => (event: { target: { value: string } }) =>
    setValues((now) => ({ ...now, [name]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (countryError || revisionError) return;
    const parameters: Record<string, string> = { stlRevision: values.revision };
    for (const [name, parameter] of TEXT_FIELDS) {
      if (values[name].trim() !== "") parameters[parameter] = values[name].trim();
    }
    if (values.country !== "") parameters.stlCountry = values.country.toUpperCase();
    onDownload(parameters);
  };
  const input = (name: FieldName, extra: Record<string, unknown> = {}) => (
    <Input
      id={`broadcast-${name}`}
      value={values[name]}
      onChange={set(name)}
      maxLength={32}
      autoComplete="off"
      {...extra}
    />
  );
  return (
    <details className="rounded-lg border border-zinc-200 p-4">
      <summary className="-m-4 cursor-pointer p-4 text-sm font-medium text-zinc-900">
        {t("workspace.broadcast.title")}
      </summary>
      <p className="mt-2 text-sm text-zinc-600">{t("workspace.broadcast.intro")}</p>
      <form onSubmit={submit} className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2" noValidate>
        {TEXT_FIELDS.map(([name]) => (
          <Field key={name} id={`broadcast-${name}`} label={t(`workspace.broadcast.${name}`)}>
            {input(name)}
          </Field>
        ))}
        <Field
          id="broadcast-country"
          label={t("workspace.broadcast.country")}
          hint={t("workspace.broadcast.countryHint")}
          error={countryError}
        >
          {input("country", {
            maxLength: 3,
            invalid: Boolean(countryError),
            "aria-describedby": countryError ? "broadcast-country-error" : undefined,
          })}
        </Field>
        <Field
          id="broadcast-revision"
          label={t("workspace.broadcast.revision")}
          error={revisionError}
        >
          {input("revision", {
            maxLength: 2,
            inputMode: "numeric",
            invalid: Boolean(revisionError),
            "aria-describedby": revisionError ? "broadcast-revision-error" : undefined,
          })}
        </Field>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={disabled}>
            {t("workspace.broadcast.download")}
          </Button>
        </div>
      </form>
    </details>
  );
}
