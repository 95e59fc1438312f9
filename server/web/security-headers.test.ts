import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import helmet from "helmet";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, type PolicyOptions } from "./content-security-policy";
import {
  captureHelmetHeaders,
  createNoncePolicy,
  createNonceSource,
  createSecurityHeaders,
  helmetOptions,
} from "./security-headers";

/** The headers an Express app with these middlewares answers with, minus Node's own. */
async function headersFrom(...middlewares: express.RequestHandler[]) {
  const app = express();
  app.disable("x-powered-by");
  for (const middleware of middlewares) app.use(middleware);
  app.use((_request, response) => {
    response.json({ nonce: response.locals.cspNonce ?? null });
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const headers = Object.fromEntries(answer.headers);
    for (const name of ["date", "connection", "keep-alive", "content-length", "etag"])
      delete headers[name];
    return { headers, body: (await answer.json()) as { nonce: string | null } };
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

const policy: PolicyOptions = { googleSignIn: true, upgradeInsecureRequests: true };

describe("security headers worked out once", () => {
  for (const strictTransportSecurity of [false, true]) {
    it(`are exactly the headers helmet sends (HSTS ${strictTransportSecurity ? "on" : "off"})`, async () => {
      const options = helmetOptions({ strictTransportSecurity });
      const fromHelmet = await headersFrom(helmet(options));
      const once = createSecurityHeaders({ policy, strictTransportSecurity });
      const captured = await headersFrom(once.middleware({ nonce: false }));
      // Over plain http no HSTS, whatever the options (next test); the rest is helmet's.
      delete fromHelmet.headers["strict-transport-security"];
      expect(captured.headers).toEqual(fromHelmet.headers);
      expect(Object.keys(fromHelmet.headers).length).toBeGreaterThan(8);
    });
  }

  it("sends HSTS only on a request that came over https (behind a trusted proxy)", async () => {
    const once = createSecurityHeaders({ policy, strictTransportSecurity: true });
    const app = express();
    app.set("trust proxy", true);
    app.use(once.middleware({ nonce: false }));
    app.use((_request, response) => void response.end());
    const server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const hsts = async (headers: Record<string, string>) =>
      (await fetch(base, { headers })).headers.get("strict-transport-security");
    try {
      expect(await hsts({})).toBeNull();
      expect(await hsts({ "x-forwarded-proto": "http" })).toBeNull();
      expect(await hsts({ "x-forwarded-proto": "https" })).toMatch(/^max-age=\d+/);
      expect(once.staticFileHeaders.map(([name]) => name.toLowerCase())).not.toContain(
        "strict-transport-security",
      );
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it("captures helmet's header list without a request", () => {
    const headers = Object.fromEntries(
      captureHelmetHeaders(helmetOptions({ strictTransportSecurity: false })),
    );
    expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["Cross-Origin-Opener-Policy"]).toBe("same-origin-allow-popups");
    expect(headers["Content-Security-Policy"]).toBeUndefined();
  });

  it("builds the same nonce policy contentSecurityPolicy builds", () => {
    for (const googleSignIn of [false, true])
      for (const upgradeInsecureRequests of [false, true]) {
        const options = { googleSignIn, upgradeInsecureRequests };
        expect(createNoncePolicy(options)("abc+/=")).toBe(
          contentSecurityPolicy({ nonce: "abc+/=" }, options),
        );
      }
  });

  it("gives every page a fresh nonce, in the policy and to the render", async () => {
    const once = createSecurityHeaders({ policy, strictTransportSecurity: false });
    const first = await headersFrom(once.middleware({ nonce: true }));
    const second = await headersFrom(once.middleware({ nonce: true }));
    expect(first.body.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(first.body.nonce).not.toBe(second.body.nonce);
    expect(first.headers["content-security-policy"]).toBe(
      contentSecurityPolicy({ nonce: first.body.nonce! }, policy),
    );
  });

  it("never hands out the same nonce twice, across refills of its pool", () => {
    const next = createNonceSource(4);
    const nonces = Array.from({ length: 4 * 50 }, () => next());
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });

  it("gives static files a policy without inline scripts", () => {
    const once = createSecurityHeaders({ policy, strictTransportSecurity: false });
    const headers = Object.fromEntries(once.staticFileHeaders);
    expect(headers["Content-Security-Policy"]).toBe(contentSecurityPolicy({ hashes: [] }, policy));
    expect(headers["Content-Security-Policy"]).not.toContain("nonce");
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
  });
});
