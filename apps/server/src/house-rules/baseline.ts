// Today's breaches of the house rules: allowed for now, and only for now. Each list may only
// shrink. The rules test (house-rules.test.ts) fails
//  - on a breach that is not listed here (new code must follow the rules: fix the code, never
//    add it here), and
//  - on an entry here that no longer occurs (delete the entry: the code was mended).
// Its failure message names the file and line, and the exact entry (`baseline key`) to delete.
// Run it: npx vitest run --project unit apps/server/src/house-rules

/**
 * Writers of a table that are not its owner (TABLE_OWNERS). Entry: "<file> writes <table>".
 * To remove one: give the owner a verb for the write and call it from the file.
 */
export const WRITER_BASELINE: readonly string[] = [];

/**
 * Route files that build queries themselves. Entry: "<file> uses <call>" (selectFrom,
 * insertInto, updateTable, deleteFrom, transaction, sql). To remove one: move the query into the
 * module that owns the table and call it.
 */
export const ROUTE_DATABASE_BASELINE: readonly string[] = [];

/**
 * Command files of another shape. Entry: "<file>: <problem>". To remove one: split the file, one
 * action per file, each `(ctx, props)`; helpers that are not actions move out of `commands/`.
 */
export const COMMAND_SHAPE_BASELINE: readonly string[] = [];

/** Circles of value imports. Entry: the circle's files, sorted, joined by " <-> ". None today. */
export const VALUE_CIRCLE_BASELINE: readonly string[] = [];

/**
 * Imports from the shared base (http/, db/, net/, config.ts, env-file.ts) to a domain. Entry:
 * "<file> imports <file>". None today (the route registry is app.ts, and http/error-handler.ts
 * is handed the /v1 not-found answer instead of importing it).
 */
export const SHARED_BASE_BASELINE: readonly string[] = [];

/**
 * How many type-only imports close an import circle today: none. The last two were
 * app-context.ts and sharing/shared-routes.ts, whose options now live in
 * sharing/sharing-options.ts; the other options, the job queue's interface, the transaction type
 * (db/database.ts) and the job request (uploads/job-request.ts) live apart from the files that
 * import them. May only go down.
 */
export const TYPE_ONLY_CIRCLE_LINKS = 0;

/** Imports pointing up a layer (a route or the composition root imported from below): none. */
export const BACK_POINTING_BASELINE: readonly string[] = [];
