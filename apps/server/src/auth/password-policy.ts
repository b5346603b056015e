import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";
import { fail } from "../http/app-error.js";

// The one rule for a new password, applied by the server wherever a password is set. Offline:
// zxcvbn-ts estimates how many guesses a password takes, with the common-password lists,
// keyboard patterns, sequences and repeats of @zxcvbn-ts/language-common. A password is
// refused when it is shorter than 8 characters, blank, or guessable in under about a million
// tries (zxcvbn score below 2: "password", "12345678", "qwertyuiop", the account's own e-mail
// address or name). A few words together ("violet lamp under rain") pass.

/** Fewest characters (the product's promise since the first version). */
export const MIN_PASSWORD_LENGTH = 8;
/** zxcvbn score a password must reach: 2 is "somewhat guessable", about 10^6 guesses or more. */
const MIN_SCORE = 2;

let estimator: ZxcvbnFactory | undefined;

function strength(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return estimator;
}

/**
 * Throws 400 with a stable code (PASSWORD_TOO_SHORT, PASSWORD_BLANK, PASSWORD_TOO_WEAK) when
 * `password` may not be used; `userInputs` are the account's e-mail and name, which may not be
 * the password either.
 */
export function checkNewPassword(password: string, userInputs: readonly string[] = []): void {
  if (password.trim() === "") {
    fail("PASSWORD_BLANK");
  }
  if (Array.from(password).length < MIN_PASSWORD_LENGTH) {
    fail("PASSWORD_TOO_SHORT", { minLength: MIN_PASSWORD_LENGTH });
  }
  const inputs = userInputs.flatMap((input) => [input, ...input.split(/[@.\s]+/)]).filter(Boolean);
  // zxcvbn's cost grows with length; past 100 characters a password is long enough anyway.
  if (strength().check(password.slice(0, 100), inputs).score < MIN_SCORE) {
    fail("PASSWORD_TOO_WEAK");
  }
}
