import { and, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchWordsOf, titleMatchesSearch } from "../../core/search-match";
import { createTestServices, type TestServices } from "../../tests/setup/test-services";
import { everySearchWordIn, lowerTitleHoldsEveryWord } from "./like-pattern";

let harness: TestServices;

beforeAll(async () => {
  harness = await createTestServices();
});

afterAll(async () => {
  await harness.close();
});

/** Queries and titles where a matcher could drift: order, case, wildcards, symbols, the cap. */
const TABLE: Array<[search: string, title: string]> = [
  ["python django", "Django with Python for Beginners"],
  ["python flask", "Django with Python"],
  ["PYTHON", "python for everybody"],
  ["node.js", "Learn Node.js in 30 Days"],
  ["c++", "C++ Programming from Scratch"],
  ["c#", "C++ Programming from Scratch"],
  ["100%", "Get 100% in Your Exam"],
  ["100%", "Get 1000 Points"],
  ["a_b", "axb notation"],
  ["a_b", "The a_b notation"],
  ["back\\slash", "A back\\slash title"],
  ["", "Any Title At All"],
  ["   ", "Any Title At All"],
  ["pemrograman dasar", "Dasar Pemrograman Python untuk Pemula"],
  ["excel", "Microsoft Excel: Formulas"],
  ["excel vba", "Microsoft Excel: Formulas"],
  // Nine words: the ninth is past the cap, so it does not count anywhere.
  ["one two three four five six seven eight nine", "one two three four five six seven eight"],
  ["one two three four five six seven nine eight", "one two three four five six seven eight"],
];

async function sqlMatches(search: string, title: string) {
  const titleSql = sql`t.title`;
  const home = and(sql`true`, ...everySearchWordIn(titleSql, search))!;
  const words = searchWordsOf(search).join(" ");
  const savedSearch = lowerTitleHoldsEveryWord(
    sql`lower(t.title)`,
    sql`array_remove(string_to_array(${words}::text, ' '), '')`,
  );
  const result = (await harness.services.db.execute(
    sql`select (${home}) as home, (${savedSearch}) as saved from (select ${title}::text as title) t`,
  )) as unknown as { rows: Array<{ home: boolean; saved: boolean }> };
  return result.rows[0]!;
}

describe("the home search's rule in SQL and in JavaScript", () => {
  it.each(TABLE)("agree on %j against %j", async (search, title) => {
    const expected = titleMatchesSearch(title, search);
    const { home, saved } = await sqlMatches(search, title);
    expect({ home, saved }).toEqual({ home: expected, saved: expected });
  });

  it("the table holds matches and misses, and the cap decides one of each", () => {
    const outcomes = TABLE.map(([search, title]) => titleMatchesSearch(title, search));
    expect(outcomes).toContain(true);
    expect(outcomes).toContain(false);
    expect(outcomes.slice(-2)).toEqual([true, false]);
  });
});
