import { z } from "zod";
import { FILTER_PARAMS } from "../../core/course-filter-options";
import { escapeHtml } from "../web/escape-html";
import {
  articleSchema,
  courseSchema,
  errorSchema,
  getCoursesQuery,
  learningListSchema,
  GET_ACTIONS,
  POST_ACTIONS,
  redeemResultSchema,
  registerResultSchema,
  reviewSchema,
  trackClickResultSchema,
  userSchema,
  writeResultSchema,
} from "./schemas";

const json = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { target: "draft-2020-12", unrepresentable: "any", io: "input" });

/** Each action's answer: documented here, and checked against real answers by the API's tests. */
export const ACTION_ANSWERS: Record<string, { schema: z.ZodType; description: string }> = {
  getCourses: {
    schema: z.array(courseSchema),
    description:
      "One page of listed courses (20), each with url: its page on this site; a page past the last page is an empty list. X-Total-Count, X-Page, X-Page-Count and X-Page-Size headers",
  },
  getArticles: {
    schema: z.array(articleSchema),
    description: "One page of published articles; X-Total-Count, X-Page and X-Page-Count headers",
  },
  getReviews: {
    schema: z.array(reviewSchema),
    description:
      "Reviews, newest first. Public: every field may be shown to anyone. Reviewers appear by display name (userName) only; userId is present only on the caller's own reviews (when signed in with the session cookie or a Bearer token)",
  },
  getUser: {
    schema: userSchema,
    description: "The signed-in user. Private: only ever answered to that user themselves",
  },
  registerUser: { schema: registerResultSchema, description: "Account created or refreshed" },
  trackCourseClick: {
    schema: trackClickResultSchema,
    description: "Credit spent (unless free); the coupon URL",
  },
  checkRedeemCode: { schema: redeemResultSchema, description: "Redeem result" },
  addReview: { schema: writeResultSchema, description: "Review stored" },
  addArticle: { schema: writeResultSchema, description: "Article stored" },
  getLearningList: {
    schema: learningListSchema,
    description:
      "The signed-in learner's learning list: every course they opened or marked owned (claimed), learning or done, with the time of each state, and what those courses would have cost",
  },
  markCourseOwned: {
    schema: writeResultSchema,
    description: "'I already own this': the course is claimed and leaves the caller's lists",
  },
  moveClaimedCourse: {
    schema: writeResultSchema,
    description: "The course moved to the learning list's state (an unknown state is a 400)",
  },
};

const ERRORS = {
  "400": "Invalid input",
  "401": "Not signed in, or an invalid Bearer token",
  "402": "Out of credits (trackCourseClick)",
  "403": "userId of another user, or not allowed",
  "404": "Unknown course",
  "405": "A read action sent with POST",
  "409":
    "Conflict (already done), or trackCourseClick of a demo course (an example with no coupon: nothing was spent)",
  "410": "The coupon has just run out: nothing was spent (trackCourseClick)",
  "413":
    "Request body too large: over 64 kB, or for addArticle over what a 2 MB image in base64 and its text need",
  "429": "Rate limited or a daily limit reached (see Retry-After)",
  "503":
    "The AI check is unavailable (addArticle), or the server is out of storage space (see Retry-After)",
};

const countHeader = (description: string) => ({
  description,
  schema: { type: "integer", minimum: 0 },
});

/** The paging headers of getCourses and getArticles: the answer itself stays a plain array. */
const PAGING_HEADERS = {
  "X-Total-Count": countHeader(
    "getCourses, getArticles: how many items match, over all pages. Page until X-Page reaches X-Page-Count; past the last page getCourses answers an empty list",
  ),
  "X-Page": countHeader("getCourses, getArticles: the page answered"),
  "X-Page-Count": countHeader("getCourses, getArticles: how many pages there are (at least 1)"),
  "X-Page-Size": countHeader("getCourses: items per full page (20)"),
};

/** The answers an app can poll cheaply: kept answers carry an ETag (public-reads.ts). */
const POLLED_ANSWERS =
  "getCourses, getArticles and getReviews without a session, and getUser for a session cookie";

const IF_NONE_MATCH = {
  name: "If-None-Match",
  in: "header",
  required: false,
  schema: { type: "string" },
  description: `The ETag of the answer the client holds (${POLLED_ANSWERS}): 304 while it is still the answer.`,
};

/** OpenAPI 3.1, generated from the same zod schemas that validate requests. */
export function buildOpenApiDocument(siteUrl: string) {
  const errorResponses = Object.fromEntries(
    Object.entries(ERRORS).map(([status, description]) => [
      status,
      {
        description,
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      },
    ]),
  );
  const schemas: Record<string, unknown> = { Error: json(errorSchema) };
  for (const [action, schema] of [
    ...Object.entries(GET_ACTIONS),
    ...Object.entries(POST_ACTIONS),
  ]) {
    schemas[`${action}Input`] = json(schema);
    schemas[`${action}Answer`] = json(ACTION_ANSWERS[action]!.schema);
  }
  const answerOneOf = (actions: string[]) => ({
    oneOf: actions.map((action) => ({ $ref: `#/components/schemas/${action}Answer` })),
  });
  return {
    openapi: "3.1.0",
    info: {
      title: "Kursusku API",
      version: "1.0.0",
      description:
        "The action API of the Kursusku site and its companion app. GET /api?action=… reads; POST /api with a JSON body { action, … } writes. Authenticate with the site's session cookie or `Authorization: Bearer <Google ID token>`. A `userId` in a request may be omitted (it means the signed-in user) and otherwise must equal it. Public answers (getCourses, getArticles, getReviews) never carry another person's account id or e-mail address; only getUser, answered to the user themselves, carries private fields. Actions that need a user answer 401 without a session or token and 403 for another user's userId before the rest of the body is checked.",
    },
    servers: [{ url: siteUrl }],
    components: {
      schemas,
      securitySchemes: {
        googleIdToken: { type: "http", scheme: "bearer", bearerFormat: "JWT (Google ID token)" },
        session: { type: "apiKey", in: "cookie", name: "kk_session" },
      },
    },
    paths: {
      "/api": {
        get: {
          summary: "Read actions: getCourses, getArticles, getReviews, getUser",
          parameters: [
            {
              name: "action",
              in: "query",
              required: true,
              schema: { type: "string", enum: Object.keys(GET_ACTIONS) },
            },
            ...[
              "search",
              "type",
              "rating",
              "sort",
              "page",
              ...Object.values(FILTER_PARAMS),
              "author",
              "courseLink",
              "userId",
            ].map((name) => {
              // getCourses' filters and sorts list their allowed values here too.
              const filter =
                Object.hasOwn(FILTER_PARAMS, name) || name === "sort"
                  ? getCoursesQuery.shape[name as keyof typeof FILTER_PARAMS | "sort"]
                  : undefined;
              return {
                name,
                in: "query",
                required: false,
                schema: filter ? json(filter.unwrap()) : { type: "string" },
                description: filter
                  ? `getCourses: ${filter.description ?? name}`
                  : `Used by some actions; see the ${"<action>"}Input schemas.`,
              };
            }),
            IF_NONE_MATCH,
          ],
          responses: {
            "200": {
              description: "The action's answer",
              headers: {
                ...PAGING_HEADERS,
                ETag: {
                  description: `${POLLED_ANSWERS}: names this answer, for If-None-Match`,
                  schema: { type: "string" },
                },
              },
              content: { "application/json": { schema: answerOneOf(Object.keys(GET_ACTIONS)) } },
            },
            "304": { description: "Not Modified: the answer named by If-None-Match still holds" },
            ...errorResponses,
          },
        },
        post: {
          summary:
            "Write actions: registerUser, trackCourseClick, checkRedeemCode, addReview, addArticle",
          security: [{ googleIdToken: [] }, { session: [] }],
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  oneOf: Object.keys(POST_ACTIONS).map((action) => ({
                    $ref: `#/components/schemas/${action}Input`,
                  })),
                  discriminator: { propertyName: "action" },
                },
              },
            },
          },
          responses: {
            "200": {
              description: "The action's answer",
              content: { "application/json": { schema: answerOneOf(Object.keys(POST_ACTIONS)) } },
            },
            ...errorResponses,
          },
        },
      },
    },
  };
}

/** A plain, readable reference page of the same document (no scripts, no third parties). */
export function renderApiReference(document: ReturnType<typeof buildOpenApiDocument>): string {
  const schemas = document.components.schemas as Record<string, unknown>;
  const section = (action: string, method: string) => `
  <section id="${action}">
    <h2>${method} ${escapeHtml(action)}</h2>
    <p>${escapeHtml(ACTION_ANSWERS[action]?.description ?? "")}</p>
    <h3>Input</h3><pre>${escapeHtml(JSON.stringify(schemas[`${action}Input`], null, 2))}</pre>
    <h3>Answer</h3><pre>${escapeHtml(JSON.stringify(schemas[`${action}Answer`], null, 2))}</pre>
  </section>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Kursusku API reference</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#0f172a}pre{background:#f1f5f9;padding:1rem;overflow:auto;font-size:13px;border-radius:8px}h2{border-top:1px solid #cbd5e1;padding-top:1.5rem}</style>
</head><body>
<h1>Kursusku API reference</h1>
<p>${escapeHtml(document.info.description)}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1). Errors: <code>{ "error": { "message": "…" } }</code>.</p>
<nav><ul>${[...Object.keys(GET_ACTIONS), ...Object.keys(POST_ACTIONS)].map((action) => `<li><a href="#${action}">${action}</a></li>`).join("")}</ul></nav>
${Object.keys(GET_ACTIONS)
  .map((action) => section(action, "GET"))
  .join("")}
${Object.keys(POST_ACTIONS)
  .map((action) => section(action, "POST"))
  .join("")}
</body></html>`;
}
