import type { Config } from "./config.js";
import type { Db } from "./db/database.js";
import type { ModelPreparation } from "./models/model-preparation.js";
import type { ModelListing } from "./models/model-catalog.js";

/** What the summary says about one configured model. */
function modelWord(listing: ModelListing | undefined, preparation: ModelPreparation): string {
  if (!listing) return "?";
  if (listing.installed) return `${listing.engineModel} ready`;
  const status = preparation.status(listing.engineModel);
  switch (status?.state) {
    case "queued":
    case "downloading":
      return `${listing.engineModel} downloading`;
    case "failed":
      return `${listing.engineModel} DOWNLOAD FAILED (see above)`;
    default:
      return `${listing.engineModel} MISSING`;
  }
}

/**
 * The one line a newcomer reads after `npm start`: where the site is and what it runs on
 * (database, queue, models, mail, payments).
 */
export function startupSummary(
  config: Config,
  url: string,
  models: ModelListing[],
  preparation: ModelPreparation,
): string {
  const database =
    config.database.kind === "postgres" ? "PostgreSQL" : `SQLite ${config.database.path}`;
  const queue = config.redis ? "Redis (BullMQ)" : "embedded";
  const fast = modelWord(
    models.find((m) => m.id === "whisper-1"),
    preparation,
  );
  const accurate = modelWord(
    models.find((m) => m.id === "gpt-4o-transcribe"),
    preparation,
  );
  const mail = config.smtpUrl
    ? "SMTP"
    : `not sent (no SMTP_URL): links on this console and at ${url}/dev/mailbox`;
  const payments = {
    local: "local TEST checkout (no real money)",
    stripe: "Stripe",
    none: "off, nothing can be bought (PAYMENT_PROVIDER=stripe sells)",
  }[config.payments.provider];
  return (
    `Verbatim is running at ${url} · database: ${database} · queue: ${queue} · ` +
    `models: fast ${fast}, accurate ${accurate} · mail: ${mail} · payments: ${payments}`
  );
}

/** How to become admin, when no account of ADMIN_EMAILS exists yet; undefined otherwise. */
export async function firstAdminHint(config: Config, db: Db): Promise<string | undefined> {
  if (config.adminEmails.length === 0) {
    return (
      "No admin yet: put ADMIN_EMAILS=you@example.com in .env (or the environment), restart, " +
      "and sign up with that address; its account gets the admin pages (/admin)."
    );
  }
  const found = await db
    .selectFrom("users")
    .select("email")
    .where("email", "in", config.adminEmails)
    .executeTakeFirst();
  if (found) return undefined;
  return `No admin account yet: sign up with ${config.adminEmails.join(" or ")} (ADMIN_EMAILS) to get the admin pages (/admin).`;
}
