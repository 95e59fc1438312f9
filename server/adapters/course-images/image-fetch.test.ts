import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeImageHost, type FakeImageHost } from "../../../tests/setup/fake-image-host";
import { FetchError } from "../coupon-feeds/http-fetch";
import {
  courseImageGate,
  fetchCourseImage,
  ImageRefused,
  isAllowedImageAddress,
  prepareCourseImage,
} from "./image-fetch";

const userAgent = "KursuskuBot/1.0 (+http://localhost)";
let host: FakeImageHost;

beforeAll(async () => {
  host = await startFakeImageHost();
});
afterAll(async () => {
  await host.close();
});

describe("the image allow-list", () => {
  const cdn = courseImageGate(null);

  it.each([
    "https://img-c.udemycdn.com/course/750x422/4598132_484f_2.jpg",
    "https://img-b.udemycdn.com/course/480x270/1_a.jpg",
  ])("lets Udemy's image CDN through: %s", (address) => {
    expect(isAllowedImageAddress(address, cdn)).toBe(true);
  });

  it.each([
    "http://img-c.udemycdn.com/course/750x422/1.jpg",
    "https://img-c.udemycdn.com.evil.example/course/750x422/1.jpg",
    "https://evil.example/img-c.udemycdn.com/1.jpg",
    "https://www.udemy.com/staticx/udemy/images/v7/logo-udemy.svg",
    "http://127.0.0.1:3000/uploads/a.webp",
    "data:image/png;base64,AAAA",
    "not an address",
  ])("refuses anything else: %s", (address) => {
    expect(isAllowedImageAddress(address, cdn)).toBe(false);
  });

  it("with UDEMY_IMAGE_BASE_URL set, allows only that origin", () => {
    const gate = courseImageGate(host.base);
    expect(isAllowedImageAddress(`${host.base}/photo.jpg`, gate)).toBe(true);
    expect(isAllowedImageAddress("https://img-c.udemycdn.com/course/750x422/1.jpg", gate)).toBe(
      false,
    );
  });
});

describe("fetchCourseImage", () => {
  const fetchFrom = (path: string) =>
    fetchCourseImage(`${host.base}${path}`, courseImageGate(host.base), { userAgent });

  it("refuses an address off the CDN without asking it", async () => {
    await expect(
      fetchCourseImage(`${host.base}/photo.jpg`, courseImageGate(null), { userAgent }),
    ).rejects.toThrow(ImageRefused);
    expect(host.hits("/photo.jpg")).toBe(0);
  });

  it("reads an image from the allowed host", async () => {
    const bytes = await fetchFrom("/photo.jpg");
    expect((await sharp(bytes).metadata()).format).toBe("jpeg");
  });

  it.each(["/huge-declared.jpg", "/huge.jpg"])(
    "refuses a 20 MB image (%s) past the 5 MB cap",
    async (path) => {
      await expect(fetchFrom(path)).rejects.toThrow(new ImageRefused("larger than 5242880 bytes"));
    },
  );

  it("refuses a redirect off the allowed host, and a 404, for good", async () => {
    await expect(fetchFrom("/elsewhere")).rejects.toThrow(ImageRefused);
    await expect(fetchFrom("/missing")).rejects.toThrow(new ImageRefused("HTTP 404"));
  });

  it("reports a 500 as a failure that may pass (tried again next run)", async () => {
    const failure = await fetchFrom("/broken").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(FetchError);
    expect((failure as FetchError).retryable).toBe(true);
  });
});

describe("prepareCourseImage", () => {
  it("re-encodes a photo into 16:9 WebP copies of 240, 480 and 750 px, keyed by its bytes", async () => {
    const bytes = await fetchCourseImage(`${host.base}/photo.png`, courseImageGate(host.base), {
      userAgent,
    });
    const prepared = await prepareCourseImage(bytes);
    expect(prepared.key).toMatch(/^course-[0-9a-f]{24}$/);
    expect(prepared.files.map((file) => file.name)).toEqual([
      `${prepared.key}-240.webp`,
      `${prepared.key}-480.webp`,
      `${prepared.key}-750.webp`,
    ]);
    const sizes = await Promise.all(
      prepared.files.map(async (file) => {
        const metadata = await sharp(file.bytes).metadata();
        return [metadata.format, metadata.width, metadata.height];
      }),
    );
    expect(sizes).toEqual([
      ["webp", 240, 135],
      ["webp", 480, 270],
      ["webp", 750, 422],
    ]);
    expect((await prepareCourseImage(bytes)).key).toBe(prepared.key);
  });

  it("refuses an SVG, even one served as image/jpeg", async () => {
    const bytes = await fetchCourseImage(`${host.base}/image.svg`, courseImageGate(host.base), {
      userAgent,
    });
    await expect(prepareCourseImage(bytes)).rejects.toThrow(
      new ImageRefused("an SVG, not a photo"),
    );
  });

  it("refuses a text file served as image/jpeg", async () => {
    const bytes = await fetchCourseImage(`${host.base}/notes.txt`, courseImageGate(host.base), {
      userAgent,
    });
    await expect(prepareCourseImage(bytes)).rejects.toThrow(new ImageRefused("not an image"));
  });
});
