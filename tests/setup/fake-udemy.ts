import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What the fake Udemy says about one course's coupons. */
export type FakeCouponState =
  | { kind: "free"; endTime?: string | null; usesRemaining?: number | null }
  | { kind: "expired" }
  | { kind: "paid" }
  /** Accepts the request and never answers. */
  | { kind: "hang" }
  | { kind: "status"; status: number };

export type FakeUdemy = {
  baseUrl: string;
  /** From now on, answer this for the course (its Udemy id, or its slug). */
  set(course: string, state: FakeCouponState): void;
  /** Coupon questions received for the course (its Udemy id, or its slug). */
  questions(course: string): number;
  close(): Promise<void>;
};

const LANDING = /^\/api-2\.0\/course-landing-components\/(\d+)\/me\/$/;
const COURSE = /^\/api-2\.0\/courses\/([^/]+)\/$/;
/** Control path for tests in another process: POST /__fake/courses/<id or slug> with a state. */
const CONTROL = /^\/__fake\/courses\/([^/]+)$/;

/** A course without an image URL is looked up by slug; the fake gives each slug a stable id. */
export function fakeIdForSlug(slug: string): string {
  let hash = 7;
  for (const character of slug) hash = (hash * 31 + character.charCodeAt(0)) % 9_000_000;
  return String(1_000_000 + hash);
}

const toId = (course: string) => (/^\d+$/.test(course) ? course : fakeIdForSlug(course));

/**
 * A stand-in for Udemy's course APIs on 127.0.0.1, in Udemy's own answer format: the course
 * lookup by slug (`/api-2.0/courses/<slug>/?fields[course]=id`) and the course-landing
 * components with a coupon (`price_text`, `redeem_coupon`). Every coupon is free (with no
 * campaign facts) unless a test says otherwise.
 */
export async function startFakeUdemy(options: { port?: number } = {}): Promise<FakeUdemy> {
  const states = new Map<string, FakeCouponState>();
  const asked = new Map<string, number>();
  const hanging = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const control = CONTROL.exec(url.pathname);
    if (control && request.method === "POST") {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        states.set(toId(decodeURIComponent(control[1]!)), JSON.parse(body) as FakeCouponState);
        response.writeHead(204).end();
      });
      return;
    }
    const course = COURSE.exec(url.pathname);
    if (course) {
      json(response, 200, { _class: "course", id: Number(fakeIdForSlug(course[1]!)) });
      return;
    }
    const landing = LANDING.exec(url.pathname);
    if (!landing) {
      json(response, 404, { detail: "Not found." });
      return;
    }
    const id = landing[1]!;
    asked.set(id, (asked.get(id) ?? 0) + 1);
    const code = url.searchParams.get("couponCode") ?? "";
    const state = states.get(id) ?? { kind: "free", endTime: null, usesRemaining: null };
    switch (state.kind) {
      case "hang":
        hanging.add(response);
        response.on("close", () => hanging.delete(response));
        return;
      case "status":
        response.writeHead(state.status, { "content-type": "text/html" }).end("<html></html>");
        return;
      case "free":
        json(response, 200, landingAnswer(code, 0, "applied", state));
        return;
      case "paid":
        json(response, 200, landingAnswer(code, 19.99, "applied", {}));
        return;
      case "expired":
        json(response, 200, landingAnswer(code, 19.99, "expired", {}));
        return;
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    set: (course, state) => states.set(toId(course), state),
    questions: (course) => asked.get(toId(course)) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

/** Udemy's course-landing-components answer for a coupon, with the parts Kursusku reads. */
function landingAnswer(
  code: string,
  amount: number,
  attemptStatus: string,
  campaign: { endTime?: string | null; usesRemaining?: number | null },
) {
  const applied = attemptStatus === "applied";
  return {
    price_text: {
      data: {
        pricing_result: {
          price: {
            amount,
            currency: "USD",
            price_string: amount === 0 ? "Free" : `$${amount}`,
          },
          list_price: { amount: 19.99, currency: "USD", price_string: "$19.99" },
          discount_percent: amount === 0 ? 100 : 0,
          campaign: applied
            ? {
                code,
                end_time: campaign.endTime ?? null,
                uses_remaining: campaign.usesRemaining ?? null,
                maximum_uses: 1000,
              }
            : null,
        },
      },
    },
    redeem_coupon: { discount_attempts: [{ code, status: attemptStatus }] },
  };
}
