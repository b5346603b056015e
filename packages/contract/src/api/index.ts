// The HTTP API's requests and answers, as zod schemas: the server validates and documents
// with them (OpenAPI), and the web app takes its types from them (`z.output<typeof X>` for
// what the server answers, `z.input<typeof X>` for what it is sent), so each shape is
// written once.
export * from "./replies.js";
export * from "./account.js";
export * from "./auth.js";
export * from "./transcriptions.js";
export * from "./quality-checks.js";
export * from "./transcription-jobs.js";
export * from "./uploads.js";
export * from "./exports.js";
export * from "./batches.js";
export * from "./job-events.js";
export * from "./voices.js";
export * from "./api-keys.js";
export * from "./billing.js";
export * from "./models.js";
export * from "./health.js";
export * from "./admin.js";
export * from "./contact.js";
export * from "./openai.js";
export * from "./support.js";
export * from "./links.js";
export * from "./url-imports.js";
export * from "./webhooks.js";
export * from "./sharing.js";
export * from "./teams.js";
export * from "./renders.js";
export * from "./translations.js";
export * from "./insights.js";
export * from "./route-paths.js";
export * from "./routes.js";
