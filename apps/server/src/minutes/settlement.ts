import { fail } from "../http/app-error.js";
import type { BookEntry, LedgerBook } from "./ledger-book.js";
import { secondsToMinutes } from "./plans.js";

// The rules of a reservation and its settlement, on one account's ledger (a LedgerBook), inside
// the account's lock. The verbs in minute-ledger.ts take the lock, roll the period and call
// these; the unit tests call them on an in-memory book.

/** The key of a job's plan reservation: its presence means the job has reserved. */
export const reservationKey = (reference: string) => `reserve:${reference}:plan`;
/** The key of a job's charge: its presence means the job is settled. */
const settlementKey = (reference: string) => `charge:${reference}`;

/**
 * Reserves `seconds` (rounded up) for a job, plan seconds first, then pack. Not enough → 402
 * INSUFFICIENT_MINUTES saying how many minutes are needed and left, and nothing is written.
 * Reserving again for the same job reserves nothing more.
 */
export async function reserveIn(book: LedgerBook, reference: string, seconds: number) {
  if (await book.has(reservationKey(reference))) return;
  // A job already settled (charged) reserves nothing: its reservation could never be given back.
  if (await book.has(settlementKey(reference))) return;
  const needed = Math.ceil(seconds);
  const balance = await book.balance();
  const available = Math.max(0, balance.planSeconds) + Math.max(0, balance.packSeconds);
  if (available < needed) {
    fail("INSUFFICIENT_MINUTES", {
      neededMinutes: Math.ceil(needed / 60),
      availableMinutes: secondsToMinutes(available),
    });
  }
  const fromPlan = Math.min(needed, Math.max(0, balance.planSeconds));
  await book.add("reserve", "plan", -fromPlan, reservationKey(reference), reference);
  await book.add("reserve", "pack", -(needed - fromPlan), `reserve:${reference}:pack`, reference);
}

/**
 * Turns a reservation into a charge of the actual duration (rounded up), never more than was
 * reserved: unused reserved seconds go back (pack first, since plan seconds are spent first).
 * A second charge, or a charge after a release, changes nothing and answers what was charged.
 * Returns the seconds charged.
 */
export async function chargeIn(
  book: LedgerBook,
  reference: string,
  actualSeconds: number,
): Promise<number> {
  const entries = await book.entriesOf(reference);
  if (await book.has(settlementKey(reference))) return chargedOf(entries);
  const reserved = reservedOf(entries);
  const used = Math.ceil(actualSeconds);
  const planUsed = Math.min(used, reserved.plan);
  const packUsed = Math.min(used - planUsed, reserved.pack); // anything past both is not charged
  await giveBack(book, reference, entries, {
    plan: reserved.plan - planUsed,
    pack: reserved.pack - packUsed,
  });
  // The reservation already took the seconds: the charge entry records the settlement (zero
  // seconds) and makes a second charge or a late release a no-op.
  await book.add("charge", "plan", 0, settlementKey(reference), reference);
  return planUsed + packUsed;
}

/**
 * Gives a failed or cancelled job's reservation back in full. Releasing twice releases once; a
 * release after a charge changes nothing and answers what was charged.
 */
export async function releaseIn(book: LedgerBook, reference: string): Promise<number> {
  const entries = await book.entriesOf(reference);
  if (await book.has(settlementKey(reference))) return chargedOf(entries);
  await giveBack(book, reference, entries, reservedOf(entries));
  return 0;
}

/** What a settled job cost: the seconds it reserved less those given back. */
function chargedOf(entries: readonly BookEntry[]): number {
  const net = entries
    .filter((entry) => ["reserve", "release", "charge"].includes(entry.kind))
    .reduce((sum, entry) => sum + entry.seconds, 0);
  return Math.max(0, -net);
}

/** What is still reserved, per pool: nothing once anything was released. */
function reservedOf(entries: readonly BookEntry[]): { plan: number; pack: number } {
  if (entries.some((entry) => entry.kind === "release")) return { plan: 0, pack: 0 };
  const of = (pool: "plan" | "pack") =>
    0 -
    entries
      .filter((entry) => entry.kind === "reserve" && entry.pool === pool)
      .reduce((sum, entry) => sum + entry.seconds, 0);
  return { plan: of("plan"), pack: of("pack") };
}

/**
 * Returns unused reserved seconds to their pools (one release entry per pool, keyed by job).
 * Plan seconds reserved before the plan's allowance was set anew (a monthly reset, a plan
 * change) belonged to a period that has ended: they expired with it, so they are not given
 * back onto the new period — released and reset in the same breath, so that the job's entries
 * still say what it used (`chargedOf`: asked again, a charge answers what it answered first).
 * Pack seconds never expire and always go back.
 */
async function giveBack(
  book: LedgerBook,
  reference: string,
  entries: readonly BookEntry[],
  seconds: { plan: number; pack: number },
): Promise<void> {
  const reservations = entries.filter((entry) => entry.kind === "reserve");
  const lastReservation = Math.max(...reservations.map((entry) => entry.id));
  const expired = reservations.length > 0 && (await book.planGrantedAfter(lastReservation));
  await book.add("release", "plan", seconds.plan, `release:${reference}:plan`, reference);
  if (expired)
    await book.add("reset", "plan", -seconds.plan, `expire:${reference}:plan`, reference);
  await book.add("release", "pack", seconds.pack, `release:${reference}:pack`, reference);
}
