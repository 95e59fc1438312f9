import { sql } from "drizzle-orm";
import { articles, courses, favourites, reviews, users, visits } from "../../server/db/schema";
import { generateDemoCatalogue } from "../../server/domain/catalog/demo-catalog";
import { importCouponRecords } from "../../server/domain/ingest/import-records";
import type { Services } from "../../server/services";
import { createSeededRandom } from "../../core/seeded-random";

export type BenchData = { courseIds: number[]; articleIds: number[] };

/**
 * A catalogue at production scale with activity at believable ratios: 50 000 courses, 2 000
 * users, 10 000 reviews, 20 000 favourites, 40 000 visits, 300 articles.
 */
export async function seedBenchData(services: Services, courseCount: number): Promise<BenchData> {
  const random = createSeededRandom(7);
  const now = services.clock.now();
  const records = generateDemoCatalogue(now, { count: courseCount, seed: 42 });
  for (let start = 0; start < records.length; start += 5000) {
    await importCouponRecords(services, records.slice(start, start + 5000), "bench");
  }
  const courseIds = (
    await services.db.select({ id: courses.id }).from(courses).orderBy(courses.id)
  ).map((row) => row.id);
  const pick = () => courseIds[Math.floor(random() * courseIds.length)]!;

  const userCount = Math.max(50, Math.round(courseCount / 25));
  const userRows = Array.from({ length: userCount }, (_, index) => ({
    id: `bench-${index}`,
    email: `bench-${index}@example.com`,
    creditBalance: 10,
    lastCreditResetDate: services.clock.today(),
    joinedAt: now,
  }));
  for (let start = 0; start < userRows.length; start += 1000)
    await services.db
      .insert(users)
      .values(userRows.slice(start, start + 1000))
      .onConflictDoNothing();

  const insertMany = async <T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) => {
    for (let start = 0; start < rows.length; start += 1000)
      await insert(rows.slice(start, start + 1000));
  };
  const reviewRows = Array.from({ length: userCount * 5 }, (_, index) => ({
    courseId: pick(),
    userId: `bench-${index % userCount}`,
    rating: 1 + Math.floor(Math.pow(random(), 0.4) * 5),
    text: "Useful course, clear explanations.",
    createdAt: now,
  }));
  await insertMany(reviewRows, (chunk) =>
    services.db.insert(reviews).values(chunk).onConflictDoNothing(),
  );
  await services.db.execute(sql`
    update courses c set review_count = s.n, review_average = s.avg
    from (select course_id, count(*) as n, avg(rating) as avg from reviews group by course_id) s
    where s.course_id = c.id`);
  await insertMany(
    Array.from({ length: userCount * 10 }, (_, index) => ({
      subject: `bench-${index % userCount}`,
      courseId: pick(),
      createdAt: now,
    })),
    (chunk) => services.db.insert(favourites).values(chunk).onConflictDoNothing(),
  );
  await insertMany(
    Array.from({ length: userCount * 20 }, (_, index) => ({
      subject: `bench-${index % userCount}`,
      courseId: pick(),
      visitedAt: new Date(now.getTime() - Math.floor(random() * 14) * 86_400_000),
      day: services.clock.today(),
    })),
    (chunk) => services.db.insert(visits).values(chunk).onConflictDoNothing(),
  );
  const articleRows = Array.from({ length: 300 }, (_, index) => ({
    slug: `learning-notes-${index}`,
    title: `Learning notes ${index}: what I took away from a free course`,
    content: `## What I learned\n\nThis is article ${index}. ${"Practical lessons, examples and tips for learners. ".repeat(30)}\n\n- one\n- two\n- three\n`,
    author: `Writer ${index % 40}`,
    userId: `bench-${index % userCount}`,
    createdAt: new Date(now.getTime() - index * 3_600_000),
  }));
  const inserted = await services.db
    .insert(articles)
    .values(articleRows)
    .returning({ id: articles.id });
  // As after a day's ingest run: the embedded database has its statistics and no dead rows.
  await services.embeddedUpkeep?.();
  return { courseIds, articleIds: inserted.map((row) => row.id) };
}
