import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, inlineScriptHashes } from "./content-security-policy";

const plain = { googleSignIn: false, upgradeInsecureRequests: false };

function directive(policy: string, name: string): string | undefined {
  return policy.split("; ").find((part) => part === name || part.startsWith(`${name} `));
}

describe("contentSecurityPolicy", () => {
  it("allows inline scripts by this response's nonce only", () => {
    const policy = contentSecurityPolicy({ nonce: "abc123" }, plain);
    expect(directive(policy, "script-src")).toBe("script-src 'self' 'nonce-abc123'");
    expect(directive(policy, "default-src")).toBe("default-src 'self'");
    expect(directive(policy, "frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(directive(policy, "object-src")).toBe("object-src 'none'");
    expect(directive(policy, "script-src-attr")).toBe("script-src-attr 'none'");
    expect(directive(policy, "worker-src")).toBe("worker-src 'self'");
    expect(directive(policy, "manifest-src")).toBe("manifest-src 'self'");
    expect(policy).not.toContain("unsafe-eval");
  });

  it("allows a shared page's inline scripts by hash, with no nonce", () => {
    const policy = contentSecurityPolicy({ hashes: ["sha256-AAA=", "sha256-BBB="] }, plain);
    expect(directive(policy, "script-src")).toBe("script-src 'self' 'sha256-AAA=' 'sha256-BBB='");
    expect(policy).not.toContain("nonce");
  });

  it("opens exactly Google's sign-in sources when Google sign-in is configured", () => {
    const without = contentSecurityPolicy({ nonce: "n" }, plain);
    expect(without).not.toContain("accounts.google.com");
    const policy = contentSecurityPolicy({ nonce: "n" }, { ...plain, googleSignIn: true });
    expect(directive(policy, "script-src")).toBe(
      "script-src 'self' 'nonce-n' https://accounts.google.com/gsi/client",
    );
    expect(directive(policy, "frame-src")).toBe(
      "frame-src 'self' https://accounts.google.com/gsi/",
    );
    expect(directive(policy, "connect-src")).toBe(
      "connect-src 'self' https://accounts.google.com/gsi/",
    );
    expect(directive(policy, "style-src")).toContain("https://accounts.google.com/gsi/style");
  });

  it("upgrades insecure requests only when asked (sites served over HTTPS)", () => {
    expect(contentSecurityPolicy({ nonce: "n" }, plain)).not.toContain("upgrade-insecure-requests");
    expect(
      directive(
        contentSecurityPolicy({ nonce: "n" }, { ...plain, upgradeInsecureRequests: true }),
        "upgrade-insecure-requests",
      ),
    ).toBe("upgrade-insecure-requests");
  });
});

describe("inlineScriptHashes", () => {
  it("hashes the exact text of each inline script as browsers do", () => {
    // Hashes computed with `printf '%s' … | openssl dgst -sha256 -binary | base64`.
    const html =
      "<html><head><script>alert('Hello, world.');</script></head>" +
      '<body><script type="module" async="">window.x = 1;</script></body></html>';
    expect(inlineScriptHashes(html)).toEqual([
      "sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng=",
      "sha256-U1BU0BfAhaBREBgsEDDctSYokOF3U7hQUIj6mrtukfw=",
    ]);
  });

  it("leaves out scripts with a src, data blocks and empty scripts", () => {
    const html =
      '<script src="/assets/a.js"></script>' +
      '<script type="application/ld+json">{"@type":"ItemList"}</script>' +
      "<script></script>";
    expect(inlineScriptHashes(html)).toEqual([]);
  });

  it("hashes the module script that starts after paint, which runs later with the same text", () => {
    const html = '<script type="text/x-kursusku-module" async="">window.x = 1;</script>';
    expect(inlineScriptHashes(html)).toEqual([
      "sha256-U1BU0BfAhaBREBgsEDDctSYokOF3U7hQUIj6mrtukfw=",
    ]);
  });

  it("lists a script that appears twice once", () => {
    const html = "<script>window.x = 1;</script><script>window.x = 1;</script>";
    expect(inlineScriptHashes(html)).toHaveLength(1);
  });
});
