import ipaddr from "ipaddr.js";

// Which network addresses the server may reach on a user's behalf (URL import, webhooks, the
// yt-dlp proxy): the one owner of that rule. A user's URL must never make the server talk to
// itself, its private network or a cloud metadata service, whatever spelling or DNS trick the
// URL uses; so an address is allowed only when it is public unicast, or inside a network the
// operator opened (URL_IMPORT_ALLOWED_NETWORKS), and every other range is refused: loopback,
// private, link-local (169.254.169.254, the metadata services), carrier-grade NAT, multicast,
// broadcast, unspecified, documentation and reserved blocks, IPv6 unique-local, and the IPv6
// forms that carry an IPv4 address (mapped ::ffff:a.b.c.d and compatible ::a.b.c.d, NAT64
// 64:ff9b::/96, 6to4, Teredo) — those reach whatever IPv4 address they carry.

/** IPv6 global unicast (2000::/3): every IPv6 address outside it is refused. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

/** Why an address was refused, for logs and error details (never the address itself to users). */
export type RefusedRange = string;

export class AddressRules {
  readonly #allowed: readonly [ipaddr.IPv4 | ipaddr.IPv6, number][];

  /** @param allowedNetworks CIDRs (or single addresses) the operator opened; none by default. */
  constructor(allowedNetworks: readonly string[] = []) {
    this.#allowed = allowedNetworks.map(parseNetwork);
  }

  /**
   * Undefined when the server may connect to `address` (an IP literal as DNS or a URL gives
   * it), else the name of the range that refuses it. Anything that does not parse as an
   * address is refused.
   */
  refusal(address: string): RefusedRange | undefined {
    const bare = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address;
    // A zone (fe80::1%eth0) names a local interface: never a public address.
    if (bare.includes("%")) return "scoped";
    if (!ipaddr.isValid(bare)) return "not an address";
    // ::ffff:a.b.c.d is the IPv4 address it carries, for the rules and the allow-list alike.
    const parsed = ipaddr.process(bare);
    if (
      this.#allowed.some(
        ([network, bits]) => parsed.kind() === network.kind() && parsed.match(network, bits),
      )
    ) {
      return undefined;
    }
    const range = parsed.range();
    if (range !== "unicast") return range;
    if (parsed.kind() === "ipv6" && !parsed.match(GLOBAL_UNICAST_V6)) return "not global unicast";
    return undefined;
  }

  /** True when `address` may be connected to. */
  allows(address: string): boolean {
    return this.refusal(address) === undefined;
  }
}

/** "10.0.0.0/8", "fd00::/8" or a single address; throws on anything else (a config error). */
export function parseNetwork(text: string): [ipaddr.IPv4 | ipaddr.IPv6, number] {
  const trimmed = text.trim();
  if (trimmed.includes("/")) return ipaddr.parseCIDR(trimmed);
  const address = ipaddr.parse(trimmed);
  return [address, address.kind() === "ipv4" ? 32 : 128];
}

/** Whether every item of a comma-separated setting is a network parseNetwork takes. */
export function isNetworkList(items: readonly string[]): boolean {
  return items.every((item) => {
    try {
      parseNetwork(item);
      return true;
    } catch {
      return false;
    }
  });
}
