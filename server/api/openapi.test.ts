import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { buildOpenApiDocument, renderApiReference } from "./openapi";
import { COURSE_SORTS } from "../../core/course-filters";
import { GET_ACTIONS, POST_ACTIONS } from "./schemas";

const SITE = "https://kursusku.example";
const document = buildOpenApiDocument(SITE);
const schemas = document.components.schemas as Record<string, JsonSchema>;
const GET_NAMES = Object.keys(GET_ACTIONS);
const POST_NAMES = Object.keys(POST_ACTIONS);
const ALL_NAMES = [...GET_NAMES, ...POST_NAMES];
const INPUT_SCHEMAS: Record<string, z.ZodType> = { ...GET_ACTIONS, ...POST_ACTIONS };

type JsonSchema = {
  $schema?: string;
  type?: string;
  properties?: Record<string, JsonSchema & { const?: unknown }>;
  required?: string[];
  items?: JsonSchema;
};

/** Every `$ref` anywhere in a JSON value. */
function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, inner]) =>
      key === "$ref" && typeof inner === "string" ? [inner] : refsIn(inner),
    );
  return [];
}

/** The minimum a body needs besides `action` to pass each POST schema. */
const MINIMAL_BODIES: Record<string, Record<string, unknown>> = {
  registerUser: {},
  trackCourseClick: { courseId: 1 },
  checkRedeemCode: { code: "ABC" },
  addReview: { courseLink: "https://www.udemy.com/course/x/", rating: 5, reviewText: "ok" },
  addArticle: { title: "A title of some length", content: "c".repeat(60) },
  markCourseOwned: { courseId: 1 },
  moveClaimedCourse: { courseId: 1, state: "done" },
};

describe("buildOpenApiDocument", () => {
  it("is an OpenAPI 3.1 document for /api with GET and POST", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.title).toBe("Kursusku API");
    expect(document.info.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(document.servers).toEqual([{ url: SITE }]);
    expect(Object.keys(document.paths)).toEqual(["/api"]);
    expect(Object.keys(document.paths["/api"]).sort()).toEqual(["get", "post"]);
    // Plain JSON: what /api/openapi.json serves is the same document.
    expect(JSON.parse(JSON.stringify(document))).toEqual(document);
  });

  it("has an Input and an Answer schema for every action, and an Error schema", () => {
    for (const action of ALL_NAMES) {
      expect(schemas[`${action}Input`], action).toBeDefined();
      expect(schemas[`${action}Answer`], action).toBeDefined();
      expect(schemas[`${action}Input`]!.type).toBe("object");
    }
    expect(Object.keys(schemas).sort()).toEqual(
      ["Error", ...ALL_NAMES.flatMap((action) => [`${action}Input`, `${action}Answer`])].sort(),
    );
    expect(schemas.Error).toMatchObject({
      type: "object",
      required: ["error"],
      properties: { error: { type: "object", required: ["message"] } },
    });
  });

  it("gives each course of getCourses the address of its page (url), described", () => {
    const course = schemas.getCoursesAnswer!.items!;
    expect(course.required).toContain("url");
    expect(course.properties!.url).toMatchObject({ type: "string", format: "uri" });
    expect((course.properties!.url as { description?: string }).description).toMatch(/page/);
  });

  it("lists the GET actions as the action parameter and the POST inputs as the body", () => {
    const { get, post } = document.paths["/api"];
    const action = get.parameters.find((parameter) => parameter.name === "action");
    expect(action).toMatchObject({ in: "query", required: true });
    expect((action!.schema as { enum?: string[] }).enum).toEqual(GET_NAMES);
    for (const name of ["search", "type", "rating", "sort", "page", "author", "courseLink"])
      expect(get.parameters.map((parameter) => parameter.name)).toContain(name);

    const body = post.requestBody.content["application/json"].schema;
    expect(body.discriminator).toEqual({ propertyName: "action" });
    expect(body.oneOf.map((entry) => entry.$ref)).toEqual(
      POST_NAMES.map((name) => `#/components/schemas/${name}Input`),
    );
    expect(post.security).toEqual([{ googleIdToken: [] }, { session: [] }]);
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual([
      "googleIdToken",
      "session",
    ]);

    const answers = (method: typeof get | typeof post) =>
      (
        method.responses["200"].content["application/json"].schema as {
          oneOf: Array<{ $ref: string }>;
        }
      ).oneOf.map((entry) => entry.$ref);
    expect(answers(get)).toEqual(GET_NAMES.map((name) => `#/components/schemas/${name}Answer`));
    expect(answers(post)).toEqual(POST_NAMES.map((name) => `#/components/schemas/${name}Answer`));
  });

  it("documents the error statuses the API answers, each as the Error schema", () => {
    for (const method of [document.paths["/api"].get, document.paths["/api"].post]) {
      const responses = method.responses as Record<
        string,
        { description: string; content: Record<string, { schema: unknown }> }
      >;
      for (const status of [
        "400",
        "401",
        "402",
        "403",
        "404",
        "405",
        "409",
        "410",
        "413",
        "429",
        "503",
      ]) {
        expect(responses[status], status).toBeDefined();
        expect(responses[status]!.description).not.toBe("");
        expect(responses[status]!.content["application/json"]!.schema).toEqual({
          $ref: "#/components/schemas/Error",
        });
      }
    }
  });

  it("documents the paging headers of the read answers", () => {
    const headers: Record<string, { schema: unknown; description: string }> =
      document.paths["/api"].get.responses["200"].headers;
    for (const name of ["X-Total-Count", "X-Page", "X-Page-Count", "X-Page-Size"])
      expect(headers[name]?.schema, name).toEqual({ type: "integer", minimum: 0 });
    expect(headers["X-Total-Count"]!.description).toMatch(/getCourses/);
    expect(JSON.stringify(document)).toMatch(/past the last page.*empty list/i);
  });

  it("documents polling: the ETag of a read answer, If-None-Match and 304", () => {
    const get = document.paths["/api"].get;
    expect(get.responses["200"].headers.ETag.description).toMatch(/getCourses.*getUser/);
    expect(get.responses["304"].description).toMatch(/Not Modified/);
    const ifNoneMatch = get.parameters.find(
      (parameter: { name: string }) => parameter.name === "If-None-Match",
    );
    expect(ifNoneMatch).toMatchObject({ in: "header", required: false });
  });

  it("has no dangling $ref", () => {
    const refs = refsIn(document);
    expect(refs.length).toBeGreaterThan(ALL_NAMES.length);
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(schemas[ref.replace("#/components/schemas/", "")], ref).toBeDefined();
    }
  });

  it.each(ALL_NAMES)("%sInput requires its action (the schema and the validator agree)", (name) => {
    const input = schemas[`${name}Input`]!;
    expect(input.required).toContain("action");
    expect(input.properties!.action).toMatchObject({ type: "string", const: name });

    const validator = INPUT_SCHEMAS[name]!;
    const rest = MINIMAL_BODIES[name] ?? {};
    expect(validator.safeParse({ action: name, ...rest }).success).toBe(true);
    const missing = validator.safeParse(rest);
    expect(missing.success).toBe(false);
    expect(missing.error!.issues.some((issue) => issue.path[0] === "action")).toBe(true);
    const other = ALL_NAMES.find((candidate) => candidate !== name)!;
    expect(validator.safeParse({ action: other, ...rest }).success).toBe(false);
  });

  it("describes the Answer shapes: lists for the GET lists, objects for the rest", () => {
    for (const name of ["getCourses", "getArticles", "getReviews"]) {
      expect(schemas[`${name}Answer`]!.type).toBe("array");
      expect(schemas[`${name}Answer`]!.items!.type).toBe("object");
    }
    expect(schemas.getCoursesAnswer!.items!.properties).not.toHaveProperty("couponCode");
    expect(schemas.getCoursesAnswer!.items!.properties).not.toHaveProperty("couponUrl");
    for (const name of ["getUser", ...POST_NAMES])
      expect(schemas[`${name}Answer`]!.type, name).toBe("object");
    expect(schemas.getUserAnswer!.required).toEqual(
      expect.arrayContaining(["userId", "likedCourses", "history", "redeemHistory"]),
    );
    expect(schemas.checkRedeemCodeAnswer!.required).toEqual(
      expect.arrayContaining(["success", "message"]),
    );
  });
});

describe("renderApiReference", () => {
  const html = renderApiReference(document);

  it("is a script-free HTML page with a section, Input and Answer for every action", () => {
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('href="/api/openapi.json"');
    for (const name of GET_NAMES) expect(html).toContain(`<h2>GET ${name}</h2>`);
    for (const name of POST_NAMES) expect(html).toContain(`<h2>POST ${name}</h2>`);
    for (const name of ALL_NAMES) {
      expect(html).toContain(`<section id="${name}">`);
      expect(html).toContain(`<a href="#${name}">${name}</a>`);
    }
    expect(html.match(/<h3>Input<\/h3>/g)).toHaveLength(ALL_NAMES.length);
    expect(html.match(/<h3>Answer<\/h3>/g)).toHaveLength(ALL_NAMES.length);
  });

  it("escapes the schema text it shows", () => {
    expect(html).toContain("&quot;action&quot;");
    const tricky = {
      ...document,
      info: { ...document.info, description: '<img src=x onerror="alert(1)">' },
    };
    const page = renderApiReference(tricky);
    expect(page).not.toContain("<img src=x");
    expect(page).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });
});

describe("public and private fields", () => {
  it("documents that reviews show a display name and a userId only on the caller's own", () => {
    const review = schemas.getReviewsAnswer!.items!;
    expect(review.required).toContain("userName");
    expect(review.required).not.toContain("userId");
    const userId = review.properties!.userId as JsonSchema & { description?: string };
    expect(userId.description).toMatch(/own reviews/);
    expect(document.info.description).toMatch(
      /Public answers .* never carry another person's account id/,
    );
    expect(renderApiReference(document)).toContain("Public: every field may be shown to anyone");
  });
});

describe("getCourses' filters in the document", () => {
  const parameters = document.paths["/api"].get.parameters as Array<{
    name: string;
    schema: { enum?: string[]; type?: string };
  }>;
  const parameter = (name: string) => parameters.find((entry) => entry.name === name);

  it("lists every learners' filter as a query parameter with its allowed values", () => {
    expect(parameter("level")?.schema.enum).toEqual(["beginner", "intermediate", "expert", "all"]);
    expect(parameter("udemyRating")?.schema.enum).toEqual(["3.5", "4.0", "4.5"]);
    expect(parameter("duration")?.schema.enum).toEqual(
      expect.arrayContaining(["extraShort", "short", "medium", "long", "extraLong"]),
    );
    expect(parameter("updated")?.schema.enum).toEqual(["1y", "2y"]);
    expect(parameter("certificate")?.schema.enum).toEqual(["yes", "no"]);
    expect(parameter("minStudents")?.schema.enum).toContain("10000");
    expect(parameter("language")?.schema.enum).toContain("Indonesian");
    expect(parameter("hideWords")?.schema.type).toBe("string");
    expect(parameter("hideInstructors")?.schema.type).toBe("string");
  });

  it("lists the sorts, Best first included, with the score it orders by", () => {
    expect(parameter("sort")?.schema.enum).toEqual([...COURSE_SORTS]);
    expect(parameter("sort")?.schema.enum).toContain("best");
    expect(JSON.stringify(schemas)).toContain('"qualityScore"');
  });

  it("describes them in getCoursesInput too", () => {
    const properties = schemas.getCoursesInput!.properties!;
    for (const name of ["level", "duration", "updated", "certificate", "hideWords"])
      expect(properties).toHaveProperty(name);
  });
});
