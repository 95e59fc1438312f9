import { execSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { pino } from "pino";
import sharp from "sharp";
import { prepareCourseImage } from "../../server/adapters/course-images/image-fetch";
import { parseConfig } from "../../server/config";
import { courses, users } from "../../server/db/schema";
import { submitArticle } from "../../server/domain/articles/articles";
import { seedDemoCatalogueIfEmpty } from "../../server/domain/catalog/seed";
import { createServices } from "../../server/services";
import { findFreePort, signInWithDevForm, startServer } from "../local-server";

/**
 * The production site as a visitor meets it, for the measuring scripts (lighthouse, screenshots):
 * built, the demo catalogue (with course images) and one article with a cover in a temporary
 * embedded database, the server on 127.0.0.1, and the dev sign-in on for a signed-in page.
 */
export type DemoSite = {
  base: string;
  articleId: number;
  /** The slug of the newest listed course: its page is the one measured. */
  courseSlug: string;
  /** Signs in as `email` and returns the session cookie pair. */
  signIn(email: string): Promise<string>;
  stop(): Promise<void>;
};

const SECRET = "demo-site-secret-demo-site-secret-0123456";
const root = path.resolve(import.meta.dirname, "../..");

/**
 * A photo-like JPEG: a diagonal gradient from `from` to `to` under a few translucent `shapes`
 * (SVG elements), so the image pipeline meets a real photo's sizes and bytes.
 */
function gradientJpeg(
  size: { width: number; height: number; quality: number },
  colours: { from: string; to: string },
  shapes: string,
): Promise<Buffer> {
  const { width, height } = size;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${colours.from}"/><stop offset="1" stop-color="${colours.to}"/>
    </linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#g)"/>
    ${shapes}
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: size.quality }).toBuffer();
}

/** A cover like a writer's: a 1600×900 photo-like gradient, stored through the real upload path. */
function makeCover(): Promise<Buffer> {
  return gradientJpeg(
    { width: 1600, height: 900, quality: 85 },
    { from: "#0ea5e9", to: "#6366f1" },
    '<circle cx="1200" cy="300" r="180" fill="#f8fafc" fill-opacity="0.35"/>',
  );
}

/** How many different course images the demo catalogue shares out. */
const COURSE_IMAGES = 8;

/**
 * Course images like Udemy's (750×422 JPEG), copied as the ingest would: the demo catalogue has
 * none, and the measured pages must carry real images (sized, lazy below the first row).
 */
function makeCourseImage(index: number): Promise<Buffer> {
  const hue = (index * 45) % 360;
  return gradientJpeg(
    { width: 750, height: 422, quality: 80 },
    { from: `hsl(${hue},70%,45%)`, to: `hsl(${hue + 40},70%,30%)` },
    `<circle cx="560" cy="140" r="90" fill="#fff" fill-opacity="0.25"/>
    <rect x="60" y="300" width="380" height="40" rx="8" fill="#fff" fill-opacity="0.3"/>`,
  );
}

async function seed(
  env: Record<string, string>,
): Promise<{ articleId: number; courseSlug: string }> {
  const handle = await createServices(parseConfig(env), pino({ level: "warn" }));
  try {
    const { services } = handle;
    await seedDemoCatalogueIfEmpty(services);
    // Our own copies, as the ingest stores them (three WebP widths each), shared out by id.
    const keys: string[] = [];
    for (let index = 0; index < COURSE_IMAGES; index += 1) {
      const prepared = await prepareCourseImage(await makeCourseImage(index));
      for (const file of prepared.files) {
        await services.images.put(file.name, file.bytes, "image/webp");
      }
      keys.push(prepared.key);
    }
    await services.db.update(courses).set({
      imageKey: sql`(array[${sql.join(
        keys.map((key) => sql`${key}`),
        sql`, `,
      )}]::text[])[(${courses.id} % ${COURSE_IMAGES}) + 1]`,
    });
    const [newest] = await services.db
      .select({ slug: courses.slug })
      .from(courses)
      .where(eq(courses.active, true))
      .orderBy(sql`${courses.date} desc`, asc(courses.id))
      .limit(1);
    const [writer] = await services.db
      .insert(users)
      .values({
        id: "demo-site-writer",
        email: "writer@example.com",
        isPremium: true,
        lastCreditResetDate: services.clock.today(),
      })
      .returning();
    const { article } = await submitArticle(
      services,
      { user: writer!, isAppClient: false },
      {
        title: "Belajar Python dari nol: catatan dari kursus gratis",
        content: `## Kenapa Python\n\nPython is a friendly first language. ${"Practise every day, build one small project a week, and read other people's code. ".repeat(12)}\n\n- variables and types\n- loops and functions\n- a first web scraper\n`,
        author: "Kursusku Writer",
        image: await makeCover(),
      },
    );
    return { articleId: article.articleId, courseSlug: newest!.slug };
  } finally {
    await handle.close();
  }
}

export async function startDemoSite(label: string): Promise<DemoSite> {
  console.log("building…");
  execSync("npx react-router build", { cwd: root, stdio: "ignore" });
  const dataDir = mkdtempSync(path.join(tmpdir(), `kursusku-${label}-`));
  const port = await findFreePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    DATA_DIR: dataDir,
    SEED: "demo",
    NODE_ENV: "production",
    SESSION_SECRET: SECRET,
    DEV_SIGNIN: "true",
    LOG_LEVEL: "warn",
    PUBLIC_SITE_URL: base,
    // Nothing reaches outside: screenshots and Lighthouse measure the demo catalogue.
    INGEST_SOURCES: "[]",
    UDEMY_CHECK: "false",
  };
  console.log("seeding the demo catalogue with course images and an article with a cover…");
  const { articleId, courseSlug } = await seed(env);
  const server = await startServer(root, { ...env, PORT: String(port), HOST: "127.0.0.1" }, base);
  return {
    base,
    articleId,
    courseSlug,
    signIn: (email) => signInWithDevForm(base, email),
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
