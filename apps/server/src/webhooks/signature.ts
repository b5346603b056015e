import { createHmac, randomBytes } from "node:crypto";

/** A new signing secret: `whsec_` and 32 random bytes, hex. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString("hex")}`;
}

/**
 * The `Verbatim-Signature` header of a delivery sent at `unixSeconds`: Stripe's scheme, an
 * HMAC-SHA256 of "<t>.<raw body>" under the endpoint's secret, so a receiver can check both
 * who sent it and when (and refuse old replays).
 */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac("sha256", secret).update(`${unixSeconds}.${body}`).digest("hex");
  return `t=${unixSeconds},v1=${v1}`;
}
