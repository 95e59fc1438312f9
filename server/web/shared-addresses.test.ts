import type express from "express";
import { describe, expect, it } from "vitest";
import {
  MISSING_COURSE_OPENING_PATH,
  sharedPageAddress,
  sharesNotFoundPage,
} from "./shared-addresses";

const requestFor = (url: string) =>
  ({ originalUrl: url, path: url.split("?")[0] }) as unknown as express.Request;

describe("shared page addresses", () => {
  it("gives equivalent queries one address", () => {
    expect(sharedPageAddress(requestFor("/?utm_source=whatsapp"))).toBe("/");
    expect(sharedPageAddress(requestFor("/?page=1"))).toBe("/");
    expect(sharedPageAddress(requestFor("/?page=2&search=python"))).toBe(
      sharedPageAddress(requestFor("/?search=python&page=2&fbclid=abc")),
    );
    expect(sharedPageAddress(requestFor("/articles?page=1"))).toBe("/articles");
    expect(sharedPageAddress(requestFor("/article?id=7&ref=x"))).toBe("/article?id=7");
    expect(sharedPageAddress(requestFor("/course/learn-python?utm_source=wa"))).toBe(
      "/course/learn-python",
    );
  });

  it("keeps what tells pages apart", () => {
    const python = sharedPageAddress(requestFor("/?search=python"));
    const excel = sharedPageAddress(requestFor("/?search=excel"));
    expect(python).not.toBe(excel);
    expect(sharedPageAddress(requestFor("/articles?page=2"))).not.toBe("/articles");
  });

  it("shares no other path, and no article without a valid id", () => {
    expect(sharedPageAddress(requestFor("/dashboard"))).toBeNull();
    expect(sharedPageAddress(requestFor("/go/12"))).toBeNull();
    expect(sharedPageAddress(requestFor("/article?id=abc"))).toBeNull();
    expect(sharedPageAddress(requestFor("/article"))).toBeNull();
    expect(sharedPageAddress(requestFor("/course/learn-python.data"))).toBeNull();
    expect(sharedPageAddress(requestFor("/course/learn-python/extra"))).toBeNull();
  });

  it("shares /go's one not-found page (and no other 404), whatever the query", () => {
    expect(sharedPageAddress(requestFor(`${MISSING_COURSE_OPENING_PATH}?lang=id`))).toBe(
      MISSING_COURSE_OPENING_PATH,
    );
    expect(sharesNotFoundPage(MISSING_COURSE_OPENING_PATH)).toBe(true);
    expect(sharesNotFoundPage("/course/no-such-course")).toBe(false);
    expect(sharesNotFoundPage("/")).toBe(false);
  });

  it("gives junk filter values no address of their own (the cache stays bounded)", () => {
    for (const junk of [
      "/?level=guru",
      "/?level=guru2",
      "/?udemyRating=4.7",
      "/?minStudents=123",
      "/?language=Klingon",
      "/?duration=forever&updated=9y&certificate=maybe",
      "/?hideInstructors=%3Cb%3Ex%3C%2Fb%3E",
      `/?hideWords=${Array.from({ length: 500 }, (_, index) => `w${index}`).join(",")}`,
    ])
      expect(sharedPageAddress(requestFor(junk)), junk).toBe("/");
    expect(sharedPageAddress(requestFor("/id?level=nope"))).toBe("/id");
  });

  it("gives each allowed filter value one spelling", () => {
    expect(sharedPageAddress(requestFor("/?udemyRating=4&level=BEGINNER"))).toBe(
      sharedPageAddress(requestFor("/?level=beginner&udemyRating=4.0")),
    );
    expect(sharedPageAddress(requestFor("/?duration=short&x=1"))).toBe("/?duration=short");
  });
});
