import { jobOptions } from "@verbatim/contract";
import { BatchIdField, UploadOptions } from "@verbatim/contract/api";
import type { z } from "zod";
import { fail } from "../http/app-error.js";
import { validationFailed } from "../http/validation-failed.js";
import { requireSpeakersOption } from "../transcriptions/speakers-option.js";
import type { User } from "../users/repo.js";
import type { JobRequest } from "./job-request.js";

// The web's upload form (POST /api/transcribe's text fields, and the same options in the JSON of
// /api/uploads/combine) as a job: the one place its field names and texts become job options.

/** The form's fields: the upload's options and the batch it belongs to, if any. */
const UploadForm = UploadOptions.extend({ batchId: BatchIdField });

/** The form's fields, checked (400 VALIDATION_FAILED naming the field). */
export function parseUploadForm(fields: Record<string, unknown>): z.output<typeof UploadForm> {
  const parsed = UploadForm.safeParse(fields);
  if (!parsed.success) throw validationFailed(parsed.error);
  return parsed.data;
}

/**
 * The job a checked form asks for (400 INVALID_SPEAKERS for a `speakers` value it cannot be;
 * 400 BILINGUAL_NOT_POSSIBLE for bilingual subtitles of a translation).
 */
export function jobFromUploadForm(
  form: z.output<typeof UploadForm>,
  user: Pick<User, "locale">,
): JobRequest {
  const speakers = requireSpeakersOption(form.speakers);
  const script = form.chineseScript ?? accountChineseScript(user);
  const prompt = form.prompt?.trim();
  if (form.bilingual && form.task === "translate") fail("BILINGUAL_NOT_POSSIBLE");
  return {
    model: form.model,
    ...(form.batchId ? { batchId: form.batchId } : {}),
    options: jobOptions({
      language: form.language,
      task: form.task,
      wordTimestamps: form.generateTimestamps,
      ...(script && script !== "none" ? { chineseScript: script } : {}),
      ...(form.style ? { style: form.style } : {}),
      ...(prompt ? { prompt } : {}),
      ...(form.temperature !== undefined ? { temperature: form.temperature } : {}),
      speakers,
      ...(form.bilingual ? { bilingual: true as const } : {}),
      ...(form.translateTo?.length ? translateWhenDone(form) : {}),
    }),
    retime: form.retime,
    callbackUrl: form.callback_url,
    fallback: form.fallback,
  };
}

/** "Translate when done": the languages and how to translate them (only with languages). */
function translateWhenDone(form: z.output<typeof UploadForm>) {
  return {
    translateTo: form.translateTo,
    ...(form.translateGlossaryId ? { translateGlossaryId: form.translateGlossaryId } : {}),
    ...(form.translateStyle ? { translateStyle: form.translateStyle } : {}),
    ...(form.translateRegister ? { translateRegister: form.translateRegister } : {}),
  };
}

/**
 * The script a request that names none gets: Traditional (HK) Chinese for people who use the
 * interface in Traditional Chinese (on /v1 too: the key's owner's), else as the engine writes it.
 */
export function accountChineseScript(user: Pick<User, "locale">): "hk" | undefined {
  return user.locale === "zh-HK" ? "hk" : undefined;
}
