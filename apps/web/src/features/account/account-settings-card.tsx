import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../api/call";
import { ApiError } from "../../api/client";
import { queryKeys } from "../../api/queries";
import type { EmailChangeBody, PasswordChangeBody, User } from "../../api/types";
import { Button } from "../../components/ui/button";
import { Card, CardTitle } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { Notice } from "./auth-card";

type T = (key: string, options?: Record<string, unknown>) => string;

/** The server's refusal of a change, in the interface language. */
function refusal(error: unknown, t: T): string {
  const code = error instanceof ApiError ? error.code : undefined;
  switch (code) {
    case "WRONG_PASSWORD":
      return t("account.settings.wrongPassword");
    case "SAME_EMAIL":
      return t("account.settings.sameEmail");
    case "EMAIL_TAKEN":
      return t("account.settings.emailTaken");
    case "INVALID_NAME":
      return t("account.settings.nameInvalid");
    case "PASSWORD_BLANK":
      return t("account.reset.passwordBlank");
    case "PASSWORD_TOO_SHORT":
      return t("account.validation.newPassword");
    case "PASSWORD_TOO_WEAK":
      return t("account.reset.passwordTooWeak");
    case "RATE_LIMITED":
      return t("account.settings.tooMany");
    default:
      return t("account.settings.failed");
  }
}

/** One small form: its fields, a submit button, and the outcome announced under it. */
function SettingsForm({
  title,
  submit,
  busy,
  done,
  failed,
  onSubmit,
  children,
}: {
  title: string;
  submit: string;
  busy: boolean;
  done: string | null;
  failed: string | null;
  onSubmit(event: FormEvent): void;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3 border-t border-zinc-200 pt-4">
      <h3 className="font-semibold text-zinc-900">{title}</h3>
      {children}
      {done && <Notice tone="success">{done}</Notice>}
      {failed && <Notice tone="error">{failed}</Notice>}
      <Button type="submit" variant="outline" disabled={busy}>
        {submit}
      </Button>
    </form>
  );
}

function NameForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState(user.name ?? "");
  const [error, setError] = useState<string>();
  const save = useMutation({
    mutationFn: (value: string) => call("changeName", { body: { name: value } }),
    onSuccess: (updated) => queryClient.setQueryData(queryKeys.me, updated),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = name.trim();
    if (value.length < 1 || value.length > 100) return setError(t("account.settings.nameInvalid"));
    setError(undefined);
    save.mutate(value);
  };
  return (
    <SettingsForm
      title={t("account.settings.nameTitle")}
      submit={t("account.settings.saveName")}
      busy={save.isPending}
      done={save.isSuccess ? t("account.settings.nameSaved") : null}
      failed={save.isError ? refusal(save.error, t) : null}
      onSubmit={onSubmit}
    >
      <Field id="settings-name" label={t("account.profile.name")} error={error}>
        <Input
          id="settings-name"
          autoComplete="name"
          maxLength={100}
          value={name}
          invalid={Boolean(error)}
          aria-describedby={error ? "settings-name-error" : undefined}
          onChange={(event) => setName(event.target.value)}
        />
      </Field>
    </SettingsForm>
  );
}

function EmailForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const request = useMutation({
    mutationFn: (body: EmailChangeBody) => call("changeEmail", { body }),
    onSuccess: () => setPassword(""),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()))
      found.email = t("account.validation.email");
    if (password === "") found.password = t("account.settings.currentRequired");
    setErrors(found);
    if (Object.keys(found).length === 0) request.mutate({ email: email.trim(), password });
  };
  return (
    <SettingsForm
      title={t("account.settings.emailTitle")}
      submit={t("account.settings.sendLink")}
      busy={request.isPending}
      done={
        request.isSuccess
          ? t("account.settings.linkSent", { email: request.variables?.email ?? "" })
          : null
      }
      failed={request.isError ? refusal(request.error, t) : null}
      onSubmit={onSubmit}
    >
      <Field id="settings-email" label={t("account.settings.newEmail")} error={errors.email}>
        <Input
          id="settings-email"
          type="email"
          autoComplete="email"
          value={email}
          invalid={Boolean(errors.email)}
          aria-describedby={errors.email ? "settings-email-error" : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
      </Field>
      <Field
        id="settings-email-password"
        label={t("account.settings.currentPassword")}
        error={errors.password}
      >
        <Input
          id="settings-email-password"
          type="password"
          autoComplete="current-password"
          value={password}
          invalid={Boolean(errors.password)}
          aria-describedby={errors.password ? "settings-email-password-error" : undefined}
          onChange={(event) => setPassword(event.target.value)}
        />
      </Field>
    </SettingsForm>
  );
}

function PasswordForm() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<{ current?: string; next?: string; confirm?: string }>({});
  const change = useMutation({
    mutationFn: (body: PasswordChangeBody) => call("changePassword", { body }),
    onSuccess: () => {
      setCurrent("");
      setNext("");
      setConfirm("");
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (current === "") found.current = t("account.settings.currentRequired");
    if (next.trim() === "") found.next = t("account.reset.passwordBlank");
    else if (Array.from(next).length < 8) found.next = t("account.validation.newPassword");
    if (confirm !== next) found.confirm = t("account.validation.mismatch");
    setErrors(found);
    if (Object.keys(found).length === 0)
      change.mutate({ currentPassword: current, newPassword: next });
  };
  const field = (
    id: string,
    label: string,
    value: string,
    set: (value: string) => void,
    error: string | undefined,
    autoComplete: string,
  ) => (
    <Field id={id} label={label} error={error}>
      <Input
        id={id}
        type="password"
        autoComplete={autoComplete}
        value={value}
        invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => set(event.target.value)}
      />
    </Field>
  );
  return (
    <SettingsForm
      title={t("account.settings.passwordTitle")}
      submit={t("account.settings.changePassword")}
      busy={change.isPending}
      done={change.isSuccess ? t("account.settings.passwordChanged") : null}
      failed={change.isError ? refusal(change.error, t) : null}
      onSubmit={onSubmit}
    >
      {field(
        "settings-current",
        t("account.settings.currentPassword"),
        current,
        setCurrent,
        errors.current,
        "current-password",
      )}
      {field(
        "settings-new",
        t("account.settings.newPassword"),
        next,
        setNext,
        errors.next,
        "new-password",
      )}
      {field(
        "settings-confirm",
        t("account.settings.confirmPassword"),
        confirm,
        setConfirm,
        errors.confirm,
        "new-password",
      )}
    </SettingsForm>
  );
}

/** The optional e-mails: saved as soon as the box is ticked or cleared. */
function MailPreferences({ user }: { user: User }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (commentMails: boolean) => call("setMailPreferences", { body: { commentMails } }),
    onSuccess: (updated) => queryClient.setQueryData(queryKeys.me, updated),
  });
  const checked = (save.isPending ? save.variables : undefined) ?? user.commentMails;
  return (
    <fieldset className="mt-6 space-y-2 border-t border-zinc-200 pt-4">
      <legend className="float-left mb-2 w-full font-semibold text-zinc-900">
        {t("account.settings.mailTitle")}
      </legend>
      <label className="clear-left flex items-start gap-2 text-sm text-zinc-800 max-sm:min-h-11 max-sm:items-center">
        <input
          type="checkbox"
          className="mt-1 h-4 w-4 shrink-0 max-sm:mt-0"
          checked={checked}
          disabled={save.isPending}
          aria-describedby="settings-comment-mails-hint"
          onChange={(event) => save.mutate(event.target.checked)}
        />
        <span>{t("account.settings.commentMails")}</span>
      </label>
      <p id="settings-comment-mails-hint" className="ml-6 text-xs text-zinc-600">
        {t("account.settings.commentMailsHint")}
      </p>
      <div aria-live="polite">
        {save.isSuccess && <Notice tone="success">{t("account.settings.mailSaved")}</Notice>}
        {save.isError && <Notice tone="error">{refusal(save.error, t)}</Notice>}
      </div>
    </fieldset>
  );
}

/** Name, e-mail address (confirmed from the new address), password and optional e-mails. */
export function AccountSettingsCard({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardTitle>{t("account.settings.title")}</CardTitle>
      <div className="mt-4 grid gap-6 lg:grid-cols-3">
        <NameForm user={user} />
        <EmailForm />
        <PasswordForm />
      </div>
      <MailPreferences user={user} />
    </Card>
  );
}
