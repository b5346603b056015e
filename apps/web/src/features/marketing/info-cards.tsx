import { useTranslation } from "react-i18next";
import { IconTile, type IconName } from "./icons";

/** Cards of title + text from `<prefix>.<key>.title|text`, each with an icon. */
export function InfoCards({
  prefix,
  items,
  columns = 3,
}: {
  prefix: string;
  items: readonly (readonly [key: string, icon: IconName])[];
  columns?: 2 | 3;
}) {
  const { t } = useTranslation();
  return (
    <ul
      className={
        columns === 2 ? "grid gap-6 md:grid-cols-2" : "grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
      }
    >
      {items.map(([key, icon]) => (
        <li key={key} className="rounded-xl border border-zinc-200 bg-white p-6 shadow-sm">
          <IconTile name={icon} />
          <h3 className="mt-4 text-lg font-semibold text-zinc-900">
            {t(`${prefix}.${key}.title`)}
          </h3>
          <p className="mt-2 text-sm leading-6 text-zinc-600">{t(`${prefix}.${key}.text`)}</p>
        </li>
      ))}
    </ul>
  );
}

/** A plain list of short facts with check marks. */
export function FactList({ items }: { items: readonly string[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {items.map((item) => (
        <li
          key={item}
          className="flex gap-3 rounded-lg border border-zinc-200 bg-white px-4 py-3 text-zinc-700"
        >
          <span aria-hidden="true" className="font-bold text-blue-600">
            ✓
          </span>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
