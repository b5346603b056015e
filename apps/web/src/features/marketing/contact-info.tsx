import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "../../app/paths";
import { Icon, type IconName } from "./icons";
import { SupportHours } from "../support/support-hours";

function InfoRow({
  icon,
  title,
  children,
}: {
  icon: IconName;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex gap-4">
      <Icon name={icon} className="mt-0.5 text-blue-700" />
      <div>
        <h3 className="font-semibold text-zinc-900">{title}</h3>
        <div className="mt-1 text-sm leading-6 text-zinc-600">{children}</div>
      </div>
    </div>
  );
}

/** Where else to reach us: e-mail, live chat, hours, location, and the FAQ. */
export function ContactInfo() {
  const { t } = useTranslation();
  const email = t("marketing.contact.info.email");
  return (
    <aside
      aria-labelledby="contact-info"
      className="rounded-2xl border border-zinc-200 bg-zinc-50 p-6 sm:p-8"
    >
      <h2 id="contact-info" className="text-xl font-semibold text-zinc-900">
        {t("marketing.contact.info.title")}
      </h2>
      <div className="mt-6 space-y-6">
        <InfoRow icon="mail" title={t("marketing.contact.info.emailTitle")}>
          <a
            href={`mailto:${email}`}
            className="font-medium break-all text-blue-700 underline hover:text-blue-800"
          >
            {email}
          </a>
        </InfoRow>
        <InfoRow icon="chat" title={t("marketing.contact.info.chatTitle")}>
          {t("marketing.contact.info.chat")}{" "}
          <Link
            to={paths.support}
            className="font-medium text-blue-700 underline hover:text-blue-800"
          >
            {t("marketing.contact.info.chatLink")}
          </Link>
        </InfoRow>
        <InfoRow icon="clock" title={t("marketing.contact.info.hoursTitle")}>
          <SupportHours />
        </InfoRow>
        <InfoRow icon="pin" title={t("marketing.contact.info.locationTitle")}>
          {t("marketing.contact.info.location")}
        </InfoRow>
      </div>
      <p className="mt-8 border-t border-zinc-200 pt-6 text-sm text-zinc-600">
        {t("marketing.contact.info.faqLead")}{" "}
        <Link to={paths.faq} className="font-medium text-blue-700 underline hover:text-blue-800">
          {t("marketing.contact.info.faqLink")}
        </Link>
      </p>
    </aside>
  );
}
