// A client of the whole HTTP API written against types that openapi-typescript generates from
// the served OpenAPI document (openapi-document.test.ts generates them, resolves
// "#generated-openapi" to them and type-checks this file; at run time only openapi-fetch is
// used). It calls every route once, the way a developer would from the document alone.
import createClient from "openapi-fetch";
import type { paths } from "#generated-openapi";

/** One call: the documented route, the status it got and its error body, if any. */
export interface RouteCall {
  method: string;
  path: string;
  status: number;
  error: unknown;
}

const MISSING_ID = "00000000-0000-4000-8000-000000000000";

/** Multipart bodies as a FormData, every field a string but the file. */
function formData(body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (value instanceof Blob) form.append(name, value, "clip.mp3");
    else if (value !== undefined) form.append(name, String(value));
  }
  return form;
}

/** Calls every route with the user's token (and their API key for /v1). */
export async function callEveryRoute(
  baseUrl: string,
  { token, apiKey }: { token: string; apiKey: string },
): Promise<RouteCall[]> {
  const calls: RouteCall[] = [];
  const client = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${token}` } });
  const openai = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${apiKey}` } });
  const note =
    (method: string, path: string) =>
    <R extends { response: Response; error?: unknown }>(result: R): R => {
      calls.push({ method, path, status: result.response.status, error: result.error });
      return result;
    };
  const audio = new Blob([new Uint8Array(64)], { type: "audio/mpeg" });

  // Health, accounts and sessions.
  const health = await client.GET("/api/health").then(note("get", "/api/health"));
  if (health.data) void (health.data.status satisfies string);
  await client
    .POST("/api/auth/register", { body: { name: "Ann", email: "not-an-address" } })
    .then(note("post", "/api/auth/register"));
  await client
    .POST("/api/auth/login", { body: { email: "nobody@example.com", password: "wrong" } })
    .then(note("post", "/api/auth/login"));
  const me = await client.GET("/api/auth/me").then(note("get", "/api/auth/me"));
  if (me.data) void (me.data.credits satisfies number);
  await client.POST("/api/auth/refresh").then(note("post", "/api/auth/refresh"));
  await client
    .POST("/api/auth/forgot-password", { body: { email: "not-an-address" } })
    .then(note("post", "/api/auth/forgot-password"));
  await client
    .POST("/api/auth/reset-password", { body: { token: "bad", password: "x" } })
    .then(note("post", "/api/auth/reset-password"));
  await client.GET("/api/subscriptions/active").then(note("get", "/api/subscriptions/active"));
  await client
    .GET("/api/subscriptions/quote", { params: { query: { plan: "pro" } } })
    .then(note("get", "/api/subscriptions/quote"));
  await client.GET("/api/models").then(note("get", "/api/models"));
  await client.GET("/api/uploads/limits").then(note("get", "/api/uploads/limits"));

  // Transcriptions.
  const upload = await client
    .POST("/api/transcribe", {
      body: { model: "whisper-1", language: "en", temperature: "0", file: audio },
      bodySerializer: formData,
      params: { header: { prefer: "respond-async", "idempotency-key": "openapi-client" } },
    })
    .then(note("post", "/api/transcribe"));
  if (upload.data) void (upload.data.id satisfies string);
  const list = await client
    .GET("/api/transcriptions", { params: { query: { limit: 10, q: "talk" } } })
    .then(note("get", "/api/transcriptions"));
  const seconds: number | undefined = list.data?.[0]?.duration;
  void seconds;
  const byId = { params: { path: { id: MISSING_ID } } };
  await client.GET("/api/transcriptions/{id}", byId).then(note("get", "/api/transcriptions/{id}"));
  await client
    .PATCH("/api/transcriptions/{id}", { ...byId, body: { fileName: "renamed.mp3" } })
    .then(note("patch", "/api/transcriptions/{id}"));
  await client
    .POST("/api/transcriptions/{id}/cancel", byId)
    .then(note("post", "/api/transcriptions/{id}/cancel"));
  await client
    .GET("/api/transcriptions/{id}/audio", { ...byId, parseAs: "blob" })
    .then(note("get", "/api/transcriptions/{id}/audio"));
  const exported = await client
    .GET("/api/transcriptions/{id}/export", {
      params: { path: { id: MISSING_ID }, query: { format: "json" } },
    })
    .then(note("get", "/api/transcriptions/{id}/export"));
  // The JSON export's real shape: cues with times in milliseconds (the other formats are
  // text or bytes).
  if (exported.data && typeof exported.data === "object" && "cues" in exported.data) {
    void (exported.data.cues[0]?.start satisfies number | undefined);
  }
  const checked = await client
    .GET("/api/transcriptions/{id}/checks", {
      params: { path: { id: MISSING_ID }, query: { words: "Verbatim" } },
    })
    .then(note("get", "/api/transcriptions/{id}/checks"));
  void (checked.data?.issues[0]?.subtitle satisfies number | undefined);
  await client
    .GET("/api/transcriptions/{id}/events", { ...byId, parseAs: "text" })
    .then(note("get", "/api/transcriptions/{id}/events"));
  await client
    .DELETE("/api/transcriptions/{id}", byId)
    .then(note("delete", "/api/transcriptions/{id}"));

  // Large files in chunks.
  const chunk = await client
    .POST("/api/uploads/chunk", {
      body: { chunkIndex: "0", totalChunks: "1", file: audio },
      bodySerializer: formData,
    })
    .then(note("post", "/api/uploads/chunk"));
  await client
    .POST("/api/uploads/combine", {
      body: {
        sessionId: chunk.data?.sessionId ?? MISSING_ID,
        fileName: "clip.mp3",
        totalChunks: 1,
        temperature: 0.2,
        prompt: "Names.",
      },
      params: { header: { prefer: "respond-async" } },
    })
    .then(note("post", "/api/uploads/combine"));

  // Saved voices (refused here: no such transcription, no such voice).
  const voices = await client.GET("/api/voices").then(note("get", "/api/voices"));
  void (voices.data?.voices[0]?.seconds satisfies number | undefined);
  await client
    .POST("/api/voices", {
      body: { name: "Ann", transcriptionId: MISSING_ID, speakerId: "S1" },
    })
    .then(note("post", "/api/voices"));
  await client
    .PATCH("/api/voices/{id}", { ...byId, body: { name: "Ann Lee" } })
    .then(note("patch", "/api/voices/{id}"));
  await client.DELETE("/api/voices/{id}", byId).then(note("delete", "/api/voices/{id}"));

  // API keys.
  const keys = await client.GET("/api/keys").then(note("get", "/api/keys"));
  void keys.data?.length;
  await client.POST("/api/keys", { body: { name: "" } }).then(note("post", "/api/keys"));
  await client.DELETE("/api/keys/{id}", byId).then(note("delete", "/api/keys/{id}"));

  // Many at once: a ZIP of transcriptions that are not there, and a batch that is empty.
  const nowhere = "00000000-0000-4000-8000-000000000000";
  await client
    .POST("/api/exports", { body: { ids: [nowhere], formats: ["srt"] }, parseAs: "blob" })
    .then(note("post", "/api/exports"));
  await client
    .GET("/api/batches/{id}", { params: { path: { id: "batch-none-0001" } } })
    .then(note("get", "/api/batches/{id}"));

  // Captioned video: a render of a transcription that is not there, and a render that is not.
  const render = { params: { path: { id: MISSING_ID } } };
  await client
    .POST("/api/transcriptions/{id}/renders", { ...render, body: { style: "karaoke" } })
    .then(note("post", "/api/transcriptions/{id}/renders"));
  await client
    .POST("/api/transcriptions/{id}/renders/video", {
      ...render,
      body: { options: JSON.stringify({ style: "karaoke" }), file: audio },
      bodySerializer: formData,
    })
    .then(note("post", "/api/transcriptions/{id}/renders/video"));
  await client
    .GET("/api/transcriptions/{id}/renders", render)
    .then(note("get", "/api/transcriptions/{id}/renders"));
  await client.GET("/api/renders/{id}", render).then(note("get", "/api/renders/{id}"));
  await client
    .GET("/api/renders/{id}/file", { ...render, parseAs: "blob" })
    .then(note("get", "/api/renders/{id}/file"));
  await client.DELETE("/api/renders/{id}", render).then(note("delete", "/api/renders/{id}"));

  // Translations, glossaries, insights and questions of a transcription that is not there.
  const missing = { params: { path: { id: MISSING_ID } } };
  const track = { params: { path: { id: MISSING_ID, language: "zh-HK" } } };
  await client
    .POST("/api/transcriptions/{id}/translations", { ...missing, body: { language: "zh-HK" } })
    .then(note("post", "/api/transcriptions/{id}/translations"));
  await client
    .GET("/api/transcriptions/{id}/translations", missing)
    .then(note("get", "/api/transcriptions/{id}/translations"));
  await client
    .PATCH("/api/transcriptions/{id}/translations/{language}", {
      ...track,
      body: { cues: [{ index: 1, text: "你好" }] },
    })
    .then(note("patch", "/api/transcriptions/{id}/translations/{language}"));
  await client
    .DELETE("/api/transcriptions/{id}/translations/{language}", track)
    .then(note("delete", "/api/transcriptions/{id}/translations/{language}"));
  await client.GET("/api/glossaries").then(note("get", "/api/glossaries"));
  await client
    .POST("/api/glossaries", { body: { name: "", entries: [] } })
    .then(note("post", "/api/glossaries"));
  await client
    .PUT("/api/glossaries/{id}", { ...missing, body: { name: "Names", entries: [] } })
    .then(note("put", "/api/glossaries/{id}"));
  await client.DELETE("/api/glossaries/{id}", missing).then(note("delete", "/api/glossaries/{id}"));
  await client
    .POST("/api/transcriptions/{id}/insights", { ...missing, body: {} })
    .then(note("post", "/api/transcriptions/{id}/insights"));
  await client
    .GET("/api/transcriptions/{id}/insights", missing)
    .then(note("get", "/api/transcriptions/{id}/insights"));
  await client
    .PATCH("/api/transcriptions/{id}/insights", { ...missing, body: { shortSummary: "A talk." } })
    .then(note("patch", "/api/transcriptions/{id}/insights"));
  await client
    .DELETE("/api/transcriptions/{id}/insights", missing)
    .then(note("delete", "/api/transcriptions/{id}/insights"));
  await client
    .GET("/api/transcriptions/{id}/insights/export", {
      params: { path: { id: MISSING_ID }, query: { format: "md" } },
      parseAs: "text",
    })
    .then(note("get", "/api/transcriptions/{id}/insights/export"));
  await client
    .POST("/api/transcriptions/{id}/questions", {
      ...missing,
      body: { question: "What was decided?" },
      parseAs: "text",
    })
    .then(note("post", "/api/transcriptions/{id}/questions"));
  await client
    .GET("/api/transcriptions/{id}/questions", missing)
    .then(note("get", "/api/transcriptions/{id}/questions"));
  await client
    .POST("/api/questions", {
      body: { question: "What was decided?", transcriptionIds: [MISSING_ID] },
      parseAs: "text",
    })
    .then(note("post", "/api/questions"));

  // Live captions: a session that is not there, and a watch link that is not there.
  await client
    .POST("/api/live/sessions", { body: { language: "" } })
    .then(note("post", "/api/live/sessions"));
  for (const action of ["stop", "pause", "resume"] as const) {
    await client
      .POST(`/api/live/sessions/{id}/${action}`, missing)
      .then(note("post", `/api/live/sessions/{id}/${action}`));
  }
  const watch = { params: { path: { token: "no-such-watch-link" } } };
  await client.GET("/api/live/watch/{token}", watch).then(note("get", "/api/live/watch/{token}"));
  await client
    .POST("/api/live/watch/{token}/unlock", { ...watch, body: { password: "secret" } })
    .then(note("post", "/api/live/watch/{token}/unlock"));
  await client
    .GET("/api/live/watch/{token}/events", { ...watch, parseAs: "text" })
    .then(note("get", "/api/live/watch/{token}/events"));

  // Links and webhooks: a blocked link and endpoint, and an endpoint that is not there.
  await client
    .POST("/api/imports", { body: { url: "http://127.0.0.1/talk.mp3" } })
    .then(note("post", "/api/imports"));
  const download = await client
    .GET("/api/imports/progress/{progressId}", {
      params: { path: { progressId: "6f1c1e1a-4b7e-4c9b-9d3e-2a8f4c1d5e6f" } },
      parseAs: "stream",
    })
    .then(note("get", "/api/imports/progress/{progressId}"));
  await download.data?.cancel();
  await client
    .POST("/api/webhooks", { body: { url: "http://169.254.169.254/", events: [] } })
    .then(note("post", "/api/webhooks"));
  await client.GET("/api/webhooks").then(note("get", "/api/webhooks"));
  await client
    .GET("/api/webhooks/callback-secret")
    .then(note("get", "/api/webhooks/callback-secret"));
  const hook = { params: { path: { id: MISSING_ID } } };
  await client
    .GET("/api/webhooks/{id}/deliveries", hook)
    .then(note("get", "/api/webhooks/{id}/deliveries"));
  await client.POST("/api/webhooks/{id}/test", hook).then(note("post", "/api/webhooks/{id}/test"));
  await client.DELETE("/api/webhooks/{id}", hook).then(note("delete", "/api/webhooks/{id}"));

  // Sharing: a transcription that is not there, a link that never existed.
  const share = await client
    .POST("/api/transcriptions/{id}/shares", {
      ...byId,
      body: { expiresIn: "7d", password: "open", allowDownload: false, allowComments: true },
    })
    .then(note("post", "/api/transcriptions/{id}/shares"));
  if (share.data) void (share.data.token satisfies string);
  await client
    .GET("/api/transcriptions/{id}/shares", byId)
    .then(note("get", "/api/transcriptions/{id}/shares"));
  await client.DELETE("/api/shares/{id}", byId).then(note("delete", "/api/shares/{id}"));
  const comment = { params: { path: { id: MISSING_ID, commentId: MISSING_ID } } };
  await client
    .GET("/api/transcriptions/{id}/comments", byId)
    .then(note("get", "/api/transcriptions/{id}/comments"));
  await client
    .POST("/api/transcriptions/{id}/comments", { ...byId, body: { body: "Check", startMs: 0 } })
    .then(note("post", "/api/transcriptions/{id}/comments"));
  await client
    .PATCH("/api/transcriptions/{id}/comments/{commentId}", {
      ...comment,
      body: { resolved: true },
    })
    .then(note("patch", "/api/transcriptions/{id}/comments/{commentId}"));
  await client
    .DELETE("/api/transcriptions/{id}/comments/{commentId}", comment)
    .then(note("delete", "/api/transcriptions/{id}/comments/{commentId}"));
  const link = { params: { path: { token: "x".repeat(43) } } };
  const shared = await client
    .GET("/api/shared/{token}", link)
    .then(note("get", "/api/shared/{token}"));
  if (shared.data) void (shared.data.duration satisfies number);
  await client
    .POST("/api/shared/{token}/unlock", { ...link, body: { password: "guess" } })
    .then(note("post", "/api/shared/{token}/unlock"));
  await client
    .GET("/api/shared/{token}/audio", link)
    .then(note("get", "/api/shared/{token}/audio"));
  await client
    .GET("/api/shared/{token}/export", {
      params: { path: link.params.path, query: { format: "srt" } },
    })
    .then(note("get", "/api/shared/{token}/export"));
  await client
    .GET("/api/shared/{token}/comments", link)
    .then(note("get", "/api/shared/{token}/comments"));
  await client
    .POST("/api/shared/{token}/comments", {
      ...link,
      body: { authorName: "Ada", body: "Check", startMs: 0 },
    })
    .then(note("post", "/api/shared/{token}/comments"));

  // Teams: one of the user's own, and calls on it and on a team that is not there.
  const team = await client
    .POST("/api/teams", { body: { name: "Newsroom" } })
    .then(note("post", "/api/teams"));
  if (team.data) void (team.data.role satisfies string);
  const teams = await client.GET("/api/teams").then(note("get", "/api/teams"));
  if (teams.data) void (teams.data[0]?.memberCount satisfies number | undefined);
  const teamId = { params: { path: { id: team.data?.id ?? MISSING_ID } } };
  const detail = await client.GET("/api/teams/{id}", teamId).then(note("get", "/api/teams/{id}"));
  if (detail.data) void (detail.data.transcriptionCount satisfies number);
  await client.GET("/api/teams/{id}/members", teamId).then(note("get", "/api/teams/{id}/members"));
  const member = { params: { path: { id: MISSING_ID, userId: MISSING_ID } } };
  await client
    .PATCH("/api/teams/{id}/members/{userId}", { ...member, body: { role: "viewer" } })
    .then(note("patch", "/api/teams/{id}/members/{userId}"));
  await client
    .DELETE("/api/teams/{id}/members/{userId}", member)
    .then(note("delete", "/api/teams/{id}/members/{userId}"));
  await client
    .POST("/api/teams/{id}/invitations", {
      ...teamId,
      body: { email: "colleague@example.com", role: "member" },
    })
    .then(note("post", "/api/teams/{id}/invitations"));
  await client
    .GET("/api/teams/{id}/invitations", teamId)
    .then(note("get", "/api/teams/{id}/invitations"));
  await client
    .DELETE("/api/teams/{id}/invitations/{invitationId}", {
      params: { path: { id: team.data?.id ?? MISSING_ID, invitationId: MISSING_ID } },
    })
    .then(note("delete", "/api/teams/{id}/invitations/{invitationId}"));
  await client
    .POST("/api/team-invitations/accept", { body: { token: "not-a-token" } })
    .then(note("post", "/api/team-invitations/accept"));
  const usage = await client
    .GET("/api/teams/{id}/usage", teamId)
    .then(note("get", "/api/teams/{id}/usage"));
  if (usage.data) void (usage.data.members[0]?.chargedSeconds satisfies number | undefined);
  await client
    .POST("/api/transcriptions/{id}/team", { ...byId, body: { teamId: MISSING_ID } })
    .then(note("post", "/api/transcriptions/{id}/team"));
  await client.POST("/api/teams/{id}/leave", teamId).then(note("post", "/api/teams/{id}/leave"));
  await client
    .DELETE("/api/teams/{id}", {
      params: { ...teamId.params, query: { confirmTranscriptions: 0 } },
    })
    .then(note("delete", "/api/teams/{id}"));

  // The OpenAI-compatible API.
  const transcription = await openai
    .POST("/v1/audio/transcriptions", {
      body: { file: audio, model: "whisper-1", response_format: "verbose_json", stream: false },
      bodySerializer: formData,
    })
    .then(note("post", "/v1/audio/transcriptions"));
  // verbose_json names the language; diarized_json's segments carry speakers instead.
  if (typeof transcription.data === "object" && "language" in transcription.data) {
    void (transcription.data.segments?.[0]?.avg_logprob satisfies number | undefined);
  } else if (typeof transcription.data === "object" && "segments" in transcription.data) {
    void (transcription.data.segments[0]?.speaker satisfies string | undefined);
  }
  await openai
    .POST("/v1/audio/translations", {
      body: { file: audio, model: "whisper-1" },
      bodySerializer: formData,
    })
    .then(note("post", "/v1/audio/translations"));
  await openai.GET("/v1/models").then(note("get", "/v1/models"));
  // Jobs for programs: a file that is not media, a job that is not there, a page, the balance.
  await openai
    .POST("/v1/transcriptions/jobs", {
      body: { file: audio, model: "whisper-1", callback_url: "http://127.0.0.1/cb" },
      bodySerializer: formData,
    })
    .then(note("post", "/v1/transcriptions/jobs"));
  const job = { params: { path: { id: MISSING_ID }, query: { format: "srt" as const } } };
  const found = await openai
    .GET("/v1/transcriptions/jobs/{id}", job)
    .then(note("get", "/v1/transcriptions/jobs/{id}"));
  if (found.data) void (found.data.result?.content satisfies string | undefined);
  const page = await openai
    .GET("/v1/transcriptions/jobs", { params: { query: { limit: 5, status: "completed" } } })
    .then(note("get", "/v1/transcriptions/jobs"));
  if (page.data) void (page.data.nextCursor satisfies string | null);
  await openai
    .DELETE("/v1/transcriptions/jobs/{id}", { params: { path: { id: MISSING_ID } } })
    .then(note("delete", "/v1/transcriptions/jobs/{id}"));
  const balance = await openai.GET("/v1/balance").then(note("get", "/v1/balance"));
  if (balance.data) void (balance.data.totalMinutes satisfies number);
  await openai
    .GET("/v1/models/{model}", { params: { path: { model: "whisper-1" } } })
    .then(note("get", "/v1/models/{model}"));

  // Plans and minutes.
  await client
    .POST("/api/subscriptions/checkout-complete", {
      body: { sessionId: "cs_missing", planType: "basic" },
    })
    .then(note("post", "/api/subscriptions/checkout-complete"));
  await client.POST("/api/subscriptions/cancel").then(note("post", "/api/subscriptions/cancel"));
  await client.POST("/api/subscriptions/resume").then(note("post", "/api/subscriptions/resume"));
  await client
    .POST("/api/subscriptions/downgrade")
    .then(note("post", "/api/subscriptions/downgrade"));
  await client
    .POST("/api/subscriptions/{planType}", { params: { path: { planType: "no-such-plan" } } })
    .then(note("post", "/api/subscriptions/{planType}"));
  await client
    .POST("/api/minutes/checkout-complete", {
      body: { sessionId: "cs_missing", minutesPack: "100" },
    })
    .then(note("post", "/api/minutes/checkout-complete"));
  await client
    .POST("/api/minutes/{pack}", { params: { path: { pack: "7" } } })
    .then(note("post", "/api/minutes/{pack}"));

  // Administration and contact.
  await client
    .GET("/api/admin/usage", { params: { query: { from: "2026-01-01T00:00:00Z" } } })
    .then(note("get", "/api/admin/usage"));
  await client
    .POST("/api/admin/run-daily-report")
    .then(note("post", "/api/admin/run-daily-report"));
  await client
    .POST("/api/contact", {
      body: { name: "Ann", email: "not-an-address", subject: "Other", message: "Hello" },
    })
    .then(note("post", "/api/contact"));

  // Support chat (the admin calls refused here: the client is no admin).
  await client
    .POST("/api/support/messages", { body: { text: "Hello", transcriptionId: MISSING_ID } })
    .then(note("post", "/api/support/messages"));
  const chat = await client.GET("/api/support/messages").then(note("get", "/api/support/messages"));
  if (chat.data) void (chat.data.supportOpen satisfies boolean);
  await client.POST("/api/support/read").then(note("post", "/api/support/read"));
  const live = await client
    .GET("/api/support/events", { parseAs: "stream" })
    .then(note("get", "/api/support/events"));
  await live.data?.cancel();
  await client
    .GET("/api/admin/support/conversations")
    .then(note("get", "/api/admin/support/conversations"));
  const conversation = { params: { path: { userId: MISSING_ID } } };
  await client
    .GET("/api/admin/support/conversations/{userId}/messages", conversation)
    .then(note("get", "/api/admin/support/conversations/{userId}/messages"));
  await client
    .POST("/api/admin/support/conversations/{userId}/messages", {
      ...conversation,
      body: { text: "Hello" },
    })
    .then(note("post", "/api/admin/support/conversations/{userId}/messages"));
  await client
    .POST("/api/admin/support/conversations/{userId}/read", conversation)
    .then(note("post", "/api/admin/support/conversations/{userId}/read"));
  await client
    .GET("/api/admin/support/events", { parseAs: "stream" })
    .then(note("get", "/api/admin/support/events"));

  // Account details (the changes refused here: wrong password, a link that was never sent).
  await client
    .PATCH("/api/account/name", { body: { name: "Ann Client" } })
    .then(note("patch", "/api/account/name"));
  await client
    .PUT("/api/account/language", { body: { language: "en" } })
    .then(note("put", "/api/account/language"));
  await client
    .PUT("/api/account/mail-preferences", { body: { commentMails: true } })
    .then(note("put", "/api/account/mail-preferences"));
  await client
    .POST("/api/account/email", { body: { email: "new@example.com", password: "not-mine" } })
    .then(note("post", "/api/account/email"));
  await client
    .POST("/api/account/email/confirm", { body: { token: "never-sent", email: "new@example.com" } })
    .then(note("post", "/api/account/email/confirm"));
  await client
    .POST("/api/account/password", {
      body: { currentPassword: "not-mine", newPassword: "a much longer password" },
    })
    .then(note("post", "/api/account/password"));
  await client
    .GET("/api/admin/users", { params: { query: { search: "ann" } } })
    .then(note("get", "/api/admin/users"));
  await client
    .POST("/api/admin/users/{id}/minutes", {
      ...byId,
      body: { minutes: 5, pool: "pack", reason: "Goodwill", requestId: MISSING_ID },
    })
    .then(note("post", "/api/admin/users/{id}/minutes"));

  // Last: the account (refused here: the e-mail given does not match).
  await client
    .DELETE("/api/account", { body: { email: "someone-else@example.com", password: "not-mine" } })
    .then(note("delete", "/api/account"));
  await client.POST("/api/auth/logout").then(note("post", "/api/auth/logout"));
  return calls;
}
