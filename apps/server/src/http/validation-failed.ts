import type { z } from "zod";
import { AppError } from "./app-error.js";

/** A value that failed its schema as VALIDATION_FAILED, naming the first field and why. */
export function validationFailed(error: z.ZodError, whole = "fields", part = "upload"): AppError {
  const issue = error.issues[0];
  return new AppError("VALIDATION_FAILED", {
    part,
    field: issue?.path.join(".") || whole,
    reason: issue?.message ?? "invalid value",
  });
}
