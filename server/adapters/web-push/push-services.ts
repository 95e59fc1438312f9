import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Which push services a subscription may point at. The endpoint comes from the browser, so from
 * whoever posts it: without a list, "subscribing" http://10.0.0.5:6379/ would make our server
 * post to its own network. Only the browser vendors' services are allowed, each named by a host
 * suffix (the name or any subdomain, https on the default port); an exact origin may be listed
 * too, which is how a test admits its stand-in on 127.0.0.1. A loopback, private or otherwise
 * special address, or `localhost`, passes only when listed exactly.
 */
export type EndpointVerdict = { allowed: true } | { allowed: false; reason: string };

export function checkPushEndpoint(endpoint: string, services: readonly string[]): EndpointVerdict {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return refuse("not a URL");
  }
  if (url.username !== "" || url.password !== "") return refuse("carries credentials");
  const origin = url.origin.toLowerCase();
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  for (const entry of services) {
    if (entry.includes("://")) {
      if (origin === entry) return { allowed: true };
      continue;
    }
    if (url.protocol !== "https:" || url.port !== "") continue;
    if (host === entry) return { allowed: true };
    // Subdomains of a listed name only: an IP address has none.
    if (isIP(host) === 0 && !isLocalName(host) && host.endsWith(`.${entry}`))
      return { allowed: true };
  }
  if (isLocalName(host) || (isIP(host) !== 0 && !isPublicAddress(host)))
    return refuse("a loopback or private address that is not on the list of push services");
  return refuse("not on the list of push services");
}

function refuse(why: string): EndpointVerdict {
  return { allowed: false, reason: `The push endpoint is ${why}.` };
}

function isLocalName(host: string): boolean {
  return host === "localhost" || host.endsWith(".localhost");
}

function isPublicAddress(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.process(address).range() === "unicast";
}
