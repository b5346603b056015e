import { forwardRef, type InputHTMLAttributes } from "react";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";

/** A labelled input whose error is announced and tied to it with aria-describedby. */
export const FormField = forwardRef<
  HTMLInputElement,
  InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; error?: string | undefined }
>(function FormField({ id, label, error, ...props }, ref) {
  return (
    <Field id={id} label={label} error={error}>
      <Input
        ref={ref}
        id={id}
        invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props}
      />
    </Field>
  );
});
