import { useTranslation } from "react-i18next";
import { Icon, IconTile, type IconName } from "./icons";

/** Every feature we describe, with its icon; the text is marketing.features.items.<key>. */
export const FEATURES = {
  engine: "server",
  vad: "wave",
  readable: "captions",
  chinese: "globe",
  editor: "edit",
  formats: "download",
  progress: "clock",
  history: "history",
  privacy: "shield",
} as const satisfies Record<string, IconName>;

export type FeatureKey = keyof typeof FEATURES;

/** Feature cards in a responsive grid. */
export function FeatureGrid({ keys }: { keys: readonly FeatureKey[] }) {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {keys.map((key) => (
        <li key={key} className="rounded-xl border border-zinc-200 bg-white p-6 shadow-sm">
          <IconTile name={FEATURES[key]} />
          <h3 className="mt-4 text-lg font-semibold text-zinc-900">
            {t(`marketing.features.items.${key}.title`)}
          </h3>
          <p className="mt-2 text-sm leading-6 text-zinc-600">
            {t(`marketing.features.items.${key}.text`)}
          </p>
        </li>
      ))}
    </ul>
  );
}

const BENEFITS = { time: "bolt", accuracy: "sparkle", privacy: "lock", price: "heart" } as const;

/** Short benefit list with icons (home page). */
export function BenefitList() {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
      {(Object.keys(BENEFITS) as (keyof typeof BENEFITS)[]).map((key) => (
        <li key={key} className="flex gap-4">
          <Icon name={BENEFITS[key]} className="mt-0.5 text-blue-600" />
          <div>
            <h3 className="font-semibold text-zinc-900">
              {t(`marketing.home.benefits.${key}.title`)}
            </h3>
            <p className="mt-1 text-sm leading-6 text-zinc-600">
              {t(`marketing.home.benefits.${key}.text`)}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
