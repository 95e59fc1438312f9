import { describe, expect, it } from "vitest";
import {
  courseBreadcrumbJsonLd,
  courseJsonLd,
  courseMetaDescription,
  courseShareImage,
  courseSummary,
  isoDuration,
  type CourseSeoFacts,
} from "./course-seo";

/**
 * The part of schema.org's vocabulary a course page uses: each type's properties (its own and
 * inherited, from schema.org's definitions of Thing › CreativeWork › Course, Thing › Event ›
 * CourseInstance, Thing › Intangible › Offer / Rating › AggregateRating / ItemList ›
 * BreadcrumbList / ListItem, Organization, Person) with the kind of value each expects.
 */
type Expect =
  "text" | "url" | "number" | "integer" | "boolean" | "duration" | "datetime" | string[];

const THING: Record<string, Expect> = {
  name: "text",
  description: "text",
  url: "url",
  sameAs: "url",
  image: "url",
  identifier: "text",
  alternateName: "text",
};
const CREATIVE_WORK: Record<string, Expect> = {
  ...THING,
  about: ["Thing"],
  aggregateRating: ["AggregateRating"],
  author: ["Person", "Organization"],
  creator: ["Person", "Organization"],
  educationalLevel: "text",
  inLanguage: "text",
  isAccessibleForFree: "boolean",
  keywords: "text",
  offers: ["Offer"],
  provider: ["Organization", "Person"],
  publisher: ["Organization", "Person"],
  timeRequired: "duration",
  thumbnailUrl: "url",
};
const VOCABULARY: Record<string, Record<string, Expect>> = {
  Course: {
    ...CREATIVE_WORK,
    courseCode: "text",
    coursePrerequisites: "text",
    hasCourseInstance: ["CourseInstance"],
    totalHistoricalEnrollment: "integer",
  },
  CourseInstance: {
    ...THING,
    courseMode: "text",
    courseWorkload: "text",
    instructor: ["Person"],
    startDate: "datetime",
    endDate: "datetime",
  },
  Organization: { ...THING, logo: "url" },
  Person: { ...THING },
  Offer: {
    ...THING,
    availability: "url",
    category: "text",
    price: "number",
    priceCurrency: "text",
    priceValidUntil: "datetime",
    validFrom: "datetime",
    validThrough: "datetime",
  },
  AggregateRating: {
    ratingValue: "number",
    reviewCount: "integer",
    ratingCount: "integer",
    bestRating: "number",
    worstRating: "number",
  },
  BreadcrumbList: { ...THING, itemListElement: ["ListItem"], numberOfItems: "integer" },
  ListItem: { ...THING, item: "url", position: "integer" },
};

/** Every problem of a JSON-LD node (and the nodes inside it) against the vocabulary above. */
function schemaProblems(node: unknown, where = "$"): string[] {
  if (typeof node !== "object" || node === null || Array.isArray(node)) {
    return [`${where}: not an object`];
  }
  const record = node as Record<string, unknown>;
  const type = record["@type"];
  if (typeof type !== "string" || !VOCABULARY[type]) return [`${where}: unknown @type ${type}`];
  const properties = VOCABULARY[type];
  const problems: string[] = [];
  for (const [name, value] of Object.entries(record)) {
    if (name === "@type" || name === "@id") continue;
    if (name === "@context") {
      if (value !== "https://schema.org") problems.push(`${where}: @context ${String(value)}`);
      continue;
    }
    const expected = properties[name];
    if (!expected) {
      problems.push(`${where}.${name}: not a property of ${type}`);
      continue;
    }
    for (const [index, item] of (Array.isArray(value) ? value : [value]).entries()) {
      problems.push(...valueProblems(item, expected, `${where}.${name}[${index}]`));
    }
  }
  return problems;
}

function valueProblems(value: unknown, expected: Expect, where: string): string[] {
  if (Array.isArray(expected)) {
    const type = (value as { "@type"?: string } | null)?.["@type"];
    if (!type || !expected.includes(type)) return [`${where}: expected ${expected.join("|")}`];
    return schemaProblems(value, where);
  }
  const ok = {
    text: typeof value === "string" && value.trim() !== "",
    url: typeof value === "string" && /^https?:\/\/[^\s]+$/.test(value),
    number: typeof value === "number" && Number.isFinite(value),
    integer: Number.isInteger(value),
    boolean: typeof value === "boolean",
    duration: typeof value === "string" && /^P(?:\d+D)?(?:T(?:\d+H)?(?:\d+M)?)?$/.test(value),
    datetime: typeof value === "string" && !Number.isNaN(Date.parse(value)) && /T/.test(value),
  }[expected];
  return ok ? [] : [`${where}: expected ${expected}, got ${JSON.stringify(value)}`];
}

/** Google's course rich result: a Course needs a name, a description and a named provider. */
function googleCourseProblems(course: Record<string, unknown>): string[] {
  const provider = course.provider as { name?: string } | undefined;
  return [
    ...(course.name ? [] : ["name missing"]),
    ...(course.description ? [] : ["description missing"]),
    ...(provider?.name ? [] : ["provider name missing"]),
  ];
}

const SITE = "https://kursusku.example";

function facts(overrides: Partial<CourseSeoFacts> = {}): CourseSeoFacts {
  return {
    slug: "python-for-data-science",
    title: "Python for Data Science",
    link: "https://www.udemy.com/course/python-for-data-science/",
    courseType: "Development",
    headline: "Pandas, NumPy and plots",
    instructor: "Ani Lestari",
    language: "English",
    level: "Beginner Level",
    imageUrl: "/uploads/course-0123456789abcdef01234567-480.webp",
    durationMinutes: 330,
    students: 15924,
    expiresAt: "2026-11-25T14:07:00.000Z",
    averageRating: 4.5,
    reviewCount: 2,
    listed: true,
    ...overrides,
  };
}

describe("courseJsonLd", () => {
  it("is a valid schema.org Course with provider, our rating, a free offer and an instance", () => {
    const jsonLd = courseJsonLd(facts(), "A summary.", SITE) as Record<string, unknown>;
    expect(schemaProblems(jsonLd)).toEqual([]);
    expect(googleCourseProblems(jsonLd)).toEqual([]);
    expect(jsonLd).toMatchObject({
      "@type": "Course",
      url: `${SITE}/course/python-for-data-science`,
      provider: { "@type": "Organization", name: "Udemy" },
      aggregateRating: { ratingValue: 4.5, reviewCount: 2 },
      offers: { price: 0, validThrough: "2026-11-25T14:07:00.000Z" },
      timeRequired: "PT5H30M",
      totalHistoricalEnrollment: 15924,
      hasCourseInstance: { courseMode: "Online", instructor: { name: "Ani Lestari" } },
    });
  });

  it("claims no rating without reviews here, and no end date when the coupon has none", () => {
    const jsonLd = courseJsonLd(
      facts({ reviewCount: 0, averageRating: 0, expiresAt: null }),
      "A summary.",
      SITE,
    ) as Record<string, unknown>;
    expect(schemaProblems(jsonLd)).toEqual([]);
    expect(jsonLd).not.toHaveProperty("aggregateRating");
    expect(jsonLd.offers).not.toHaveProperty("validThrough");
  });

  it("offers nothing once the coupon has ended; sparse facts stay valid", () => {
    const jsonLd = courseJsonLd(
      facts({
        listed: false,
        imageUrl: null,
        instructor: null,
        language: null,
        level: null,
        durationMinutes: null,
        students: null,
      }),
      "A summary.",
      SITE,
    ) as Record<string, unknown>;
    expect(schemaProblems(jsonLd)).toEqual([]);
    expect(googleCourseProblems(jsonLd)).toEqual([]);
    expect(jsonLd).not.toHaveProperty("offers");
    expect(jsonLd).not.toHaveProperty("isAccessibleForFree");
  });

  it("the checker itself finds a misspelt property, a wrong value and a missing provider", () => {
    const broken = { ...(courseJsonLd(facts(), "A summary.", SITE) as object) } as Record<
      string,
      unknown
    >;
    broken.instructors = "x";
    broken.timeRequired = "5 hours";
    delete broken.provider;
    expect(schemaProblems(broken).sort()).toEqual([
      "$.instructors: not a property of Course",
      '$.timeRequired[0]: expected duration, got "5 hours"',
    ]);
    expect(googleCourseProblems(broken)).toEqual(["provider name missing"]);
  });
});

describe("courseBreadcrumbJsonLd", () => {
  it("is Home › category (the filtered list) › course, as a valid BreadcrumbList", () => {
    const crumbs = courseBreadcrumbJsonLd(facts({ courseType: "IT & Software" }), SITE);
    expect(schemaProblems(crumbs)).toEqual([]);
    expect(crumbs).toMatchObject({
      itemListElement: [
        { position: 1, name: "Home", item: `${SITE}/` },
        { position: 2, name: "IT & Software", item: `${SITE}/?type=IT+%26+Software` },
        {
          position: 3,
          name: "Python for Data Science",
          item: `${SITE}/course/python-for-data-science`,
        },
      ],
    });
  });
});

describe("courseSummary and courseMetaDescription", () => {
  it("starts with the headline, goes on with the description, and is cut to 250 then 160", () => {
    const summary = courseSummary(
      { title: "T", courseType: "Development", headline: "Pandas and plots" },
      "word ".repeat(100).trim(),
    );
    expect(summary.startsWith("Pandas and plots. word word")).toBe(true);
    expect(summary).toHaveLength(250);
    expect(courseMetaDescription(summary)).toHaveLength(160);
    expect(courseMetaDescription(summary).endsWith("…")).toBe(true);
  });

  it("falls back to a sentence from the title and category", () => {
    expect(courseSummary({ title: "Excel", courseType: "Office", headline: null }, "")).toBe(
      "Excel: a free Office course on Udemy.",
    );
    expect(courseSummary({ title: "Excel", courseType: "Office", headline: "Fast!" }, "")).toBe(
      "Fast!",
    );
  });
});

describe("courseShareImage", () => {
  it("shares our own 750 px copy of the course's image, absolute; nothing else", () => {
    const own = "/uploads/course-0123456789abcdef01234567-480.webp";
    expect(courseShareImage({ imageUrl: own }, SITE)).toBe(
      `${SITE}/uploads/course-0123456789abcdef01234567-750.webp`,
    );
    // Udemy's address is never handed out: a preview would fetch it from Udemy.
    const udemy = "https://img-c.udemycdn.com/course/750x422/1_a.jpg";
    expect(courseShareImage({ imageUrl: udemy }, SITE)).toBeNull();
    expect(courseShareImage({ imageUrl: `${SITE}/go/12` }, SITE)).toBeNull();
    expect(courseShareImage({ imageUrl: "/uploads/../go/12-480.webp" }, SITE)).toBeNull();
    expect(courseShareImage({ imageUrl: "data:image/png;base64,AAAA" }, SITE)).toBeNull();
    expect(courseShareImage({ imageUrl: null }, SITE)).toBeNull();
  });
});

describe("isoDuration", () => {
  it("writes hours and minutes as ISO 8601", () => {
    expect(isoDuration(330)).toBe("PT5H30M");
    expect(isoDuration(120)).toBe("PT2H");
    expect(isoDuration(45)).toBe("PT45M");
  });
});
