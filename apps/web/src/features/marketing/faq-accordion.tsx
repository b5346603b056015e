import * as Accordion from "@radix-ui/react-accordion";
import { useTranslation } from "react-i18next";
import { Icon } from "./icons";

export interface FaqGroup {
  /** Heading key; a group without one is drawn without a heading. */
  title?: string;
  /** Question keys: marketing.faq.items.<key>.q and .a */
  items: readonly string[];
}

/** The FAQ groups: 17 questions in four groups. */
export const FAQ_GROUPS: readonly FaqGroup[] = [
  { title: "marketing.faq.groups.about", items: ["whatIs", "languages", "accuracy", "formats"] },
  {
    title: "marketing.faq.groups.pricing",
    items: ["freePlan", "minutesCount", "translationMinutes", "insights", "extraMinutes", "cancel"],
  },
  { title: "marketing.faq.groups.using", items: ["fileTypes", "howLong", "edit", "chinese"] },
  { title: "marketing.faq.groups.privacy", items: ["filesKept", "aiApi", "deleteAccount"] },
];

/** One accordion over every group: one answer open at a time, and it can be closed again. */
export function FaqAccordion({ groups }: { groups: readonly FaqGroup[] }) {
  const { t } = useTranslation();
  return (
    <Accordion.Root type="single" collapsible className="space-y-10">
      {groups.map((group, index) => {
        const Group = group.title ? "section" : "div";
        return (
          <Group key={group.title ?? index}>
            {group.title && (
              <h2 className="mb-4 text-xl font-semibold text-zinc-900">{t(group.title)}</h2>
            )}
            <div className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 bg-white">
              {group.items.map((key) => (
                <Accordion.Item key={key} value={key}>
                  <Accordion.Header className="m-0">
                    <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium text-zinc-900 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600">
                      <span>{t(`marketing.faq.items.${key}.q`)}</span>
                      <Icon
                        name="chevron"
                        className="h-5 w-5 text-zinc-500 transition-transform group-data-[state=open]:rotate-180"
                      />
                    </Accordion.Trigger>
                  </Accordion.Header>
                  <Accordion.Content className="px-5 pb-5 text-zinc-600">
                    <p className="leading-7">{t(`marketing.faq.items.${key}.a`)}</p>
                  </Accordion.Content>
                </Accordion.Item>
              ))}
            </div>
          </Group>
        );
      })}
    </Accordion.Root>
  );
}
