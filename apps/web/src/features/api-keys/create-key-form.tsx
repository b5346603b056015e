import { zodResolver } from "@hookform/resolvers/zod";
import type { TFunction } from "i18next";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { MAX_API_KEY_NAME } from "@verbatim/contract";
import { ApiError } from "../../api/client";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { toast } from "../../components/ui/toast-store";
import type { CreatedApiKey } from "../../api/types";
import { useCreateApiKey } from "./api";
import { errorText } from "../../api/error-text";

function keyNameSchema(t: TFunction) {
  return z.object({
    name: z
      .string()
      .trim()
      .min(1, t("developers.keys.nameRequired"))
      .max(MAX_API_KEY_NAME, t("developers.keys.nameTooLong", { max: MAX_API_KEY_NAME })),
  });
}
type Values = z.infer<ReturnType<typeof keyNameSchema>>;

/** Names and creates a key; the created key (with its secret) goes to `onCreated`. */
export function CreateKeyForm({
  disabled,
  hint,
  onCreated,
}: {
  disabled: boolean;
  hint?: string | undefined;
  onCreated: (key: CreatedApiKey) => void;
}) {
  const { t } = useTranslation();
  const schema = useMemo(() => keyNameSchema(t), [t]);
  const create = useCreateApiKey();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { name: "" } });

  const onSubmit = handleSubmit(async ({ name }) => {
    try {
      onCreated(await create.mutateAsync(name));
      reset();
    } catch (error) {
      toast({
        title: t("developers.keys.createFailed"),
        description: error instanceof ApiError ? errorText(error) : undefined,
        variant: "destructive",
      });
    }
  });

  const error = errors.name?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1">
        <Field id="api-key-name" label={t("developers.keys.nameLabel")} error={error} hint={hint}>
          <Input
            id="api-key-name"
            autoComplete="off"
            maxLength={MAX_API_KEY_NAME + 20}
            placeholder={t("developers.keys.namePlaceholder")}
            invalid={Boolean(error)}
            disabled={disabled}
            aria-describedby={error ? "api-key-name-error" : undefined}
            {...register("name")}
          />
        </Field>
      </div>
      <Button type="submit" className="sm:mt-7" disabled={disabled || isSubmitting}>
        {isSubmitting ? t("developers.keys.creating") : t("developers.keys.create")}
      </Button>
    </form>
  );
}
