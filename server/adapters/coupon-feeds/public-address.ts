import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Whether a host is on the public internet. A feed's links are third-party input: following them
 * to loopback, private, link-local (cloud metadata at 169.254.169.254) or other special ranges
 * would let a feed make our server probe its own network. A name is judged by every address it
 * resolves to, so a public-looking name that points inside is refused too. Every fetch of the
 * ingest asks this for each hop (http-fetch.ts `requestHop`).
 */
export async function isPublicHost(
  hostname: string,
  resolve: (host: string) => Promise<string[]> = resolveAll,
): Promise<boolean> {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return false;
  const addresses = isIP(host) ? [host] : await resolve(host).catch(() => []);
  return addresses.length > 0 && addresses.every(isPublicAddress);
}

/** True for a unicast address on the public internet (IPv4-mapped IPv6 judged as IPv4). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === "unicast";
}

async function resolveAll(host: string): Promise<string[]> {
  return (await lookup(host, { all: true })).map((entry) => entry.address);
}
