import { useTranslation } from "react-i18next";

const PEOPLE = ["podcaster", "teacher", "journalist"] as const;

/** Three short testimonials. */
export function Testimonials() {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {PEOPLE.map((person) => (
        <li key={person} className="flex">
          <figure className="flex flex-col rounded-xl border border-zinc-200 bg-white p-6 shadow-sm">
            <blockquote className="flex-1 text-zinc-800">
              <p>“{t(`marketing.testimonials.${person}.quote`)}”</p>
            </blockquote>
            <figcaption className="mt-6 flex items-center gap-3">
              <span
                aria-hidden="true"
                className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-blue-100 font-semibold text-blue-800"
              >
                {t(`marketing.testimonials.${person}.name`).charAt(0)}
              </span>
              <span>
                <span className="block font-semibold text-zinc-900">
                  {t(`marketing.testimonials.${person}.name`)}
                </span>
                <span className="block text-sm text-zinc-600">
                  {t(`marketing.testimonials.${person}.role`)}
                </span>
              </span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
