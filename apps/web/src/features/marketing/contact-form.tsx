import { zodResolver } from "@hookform/resolvers/zod";
import { CONTACT_SUBJECTS, type ContactSubject } from "@verbatim/contract";
import { clsx } from "clsx";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { api } from "../../api/client";
import type { ContactBody, Ok } from "../../api/types";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input, Textarea } from "../../components/ui/input";
import { toast } from "../../components/ui/toast-store";
import { errorText } from "../../api/error-text";

/** Each subject's label (marketing.contact.subjects.<key>); the subject itself is sent. */
const SUBJECT_KEYS: Record<ContactSubject, string> = {
  "General Inquiry": "general",
  "Technical Support": "support",
  "Billing Question": "billing",
  "Feature Request": "feature",
  Partnership: "partnership",
  Other: "other",
};

const SUBJECT_VALUES: readonly string[] = CONTACT_SUBJECTS;

interface ContactValues {
  name: string;
  email: string;
  subject: string;
  message: string;
}

const EMPTY: ContactValues = { name: "", email: "", subject: "", message: "" };

/** The contact form: validated here, then POST /api/contact; a toast says how it went. */
export function ContactForm() {
  const { t, i18n } = useTranslation();
  const schema = useMemo(() => {
    const required = (key: string) =>
      z
        .string()
        .trim()
        .min(1, t(`marketing.contact.errors.${key}`));
    return z.object({
      name: required("name"),
      email: required("email").pipe(z.email(t("marketing.contact.errors.emailInvalid"))),
      subject: z
        .string()
        .refine((value) => SUBJECT_VALUES.includes(value), t("marketing.contact.errors.subject")),
      message: required("message"),
    });
  }, [t]);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactValues>({ resolver: zodResolver(schema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await api<Ok>("/api/contact", {
        method: "POST",
        // The form's text, checked by the server (the language is the interface's).
        body: { ...values, language: i18n.language } satisfies Record<keyof ContactBody, string>,
      });
      toast({
        title: t("marketing.contact.sent.title"),
        description: t("marketing.contact.sent.description"),
        variant: "success",
      });
      reset(EMPTY);
    } catch (error) {
      toast({
        title: t("marketing.contact.failed"),
        description: errorText(error, t("marketing.contact.failedNetwork")),
        variant: "destructive",
      });
    }
  });

  const describedBy = (field: keyof ContactValues) =>
    errors[field] ? `contact-${field}-error` : undefined;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="contact-name" label={t("marketing.contact.name")} error={errors.name?.message}>
          <Input
            id="contact-name"
            autoComplete="name"
            invalid={!!errors.name}
            aria-describedby={describedBy("name")}
            {...register("name")}
          />
        </Field>
        <Field
          id="contact-email"
          label={t("marketing.contact.email")}
          error={errors.email?.message}
        >
          <Input
            id="contact-email"
            type="email"
            autoComplete="email"
            invalid={!!errors.email}
            aria-describedby={describedBy("email")}
            {...register("email")}
          />
        </Field>
      </div>
      <Field
        id="contact-subject"
        label={t("marketing.contact.subject")}
        error={errors.subject?.message}
      >
        <select
          id="contact-subject"
          aria-invalid={errors.subject ? true : undefined}
          aria-describedby={describedBy("subject")}
          className={clsx(
            "h-10 w-full rounded-md border bg-white px-3 text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600",
            errors.subject ? "border-red-500" : "border-zinc-300",
          )}
          {...register("subject")}
        >
          <option value="">{t("marketing.contact.subjectPlaceholder")}</option>
          {CONTACT_SUBJECTS.map((value) => (
            <option key={value} value={value}>
              {t(`marketing.contact.subjects.${SUBJECT_KEYS[value]}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field
        id="contact-message"
        label={t("marketing.contact.message")}
        error={errors.message?.message}
      >
        <Textarea
          id="contact-message"
          rows={6}
          invalid={!!errors.message}
          aria-describedby={describedBy("message")}
          {...register("message")}
        />
      </Field>
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto">
        {isSubmitting ? t("marketing.contact.sending") : t("marketing.contact.send")}
      </Button>
    </form>
  );
}
