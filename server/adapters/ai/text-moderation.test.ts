import { describe, expect, it } from "vitest";
import {
  joinSpacedLetters,
  maskWord,
  moderateTextLocally,
} from "./text-moderation";

const SAFE_TEXT_REASON = "No offensive language or spam found.";

const SAFE_TITLES = [
  "Belajar Python dari Nol untuk Pemula",
  // Everyday Indonesian with "ngga" (hingga, tinggal, tangga, mangga, bangga, nggak).
  "Belajar sehingga paham, hingga tinggal selangkah lagi",
  "Naik tangga karier: bangga makan mangga, nggak perlu ragu",
  "Kelas analisis data pukul 7 malam di Jakarta",
  "Scunthorpe United and the assassin's guide to football history",
  "Analisa Kanal YouTube: Cara Naik 1000 Subscriber",
  "Tips Masuk Kampus Impian Tanpa Tes",
  "Resep Cumi-Cumi Saus Padang yang Mudah",
  "Memahami Perekonomian Indonesia Tahun 2026",
  "Anjing Peliharaan: Panduan Merawat Anjing di Rumah",
  "AWS EC2 S3 IAM VPC: Cheat Sheet",
  "Graduated Cum Laude: Lessons from University",
  "Bahaya Judi Online bagi Remaja dan Cara Menghindarinya",
  "Tai Chi for Beginners: Santai di Pantai",
  "Bakteri E. coli dan Keamanan Pangan",
  "Penisilin: Sejarah Antibiotik Pertama",
  "Cockpit Resource Management for New Pilots",
  "Jadwal Kelas Pukul 08.00 WIB",
  "Hands-On Kubernetes for Busy Engineers",
];

const UNSAFE_TITLES: Array<[string, RegExp]> = [
  ["This course is shit", /offensive language \("s\*\*t"\)/],
  // Whitelisting Indonesian "ngga" must not let the slur through, plain or with digits.
  ["you n1gga", /offensive language/],
  ["f u c k this tutorial", /offensive language \("f\*\*k"\)/],
  ["f.u.c.k all tutorials", /offensive language/],
  ["Fuuuuuck my code", /offensive language/],
  ["Dasar kontol semua", /Indonesian \("k\*\*\*\*l"\)/],
  ["Dasar k0nt0l semua", /Indonesian/],
  ["Kalian semua b4ngs4t", /Indonesian \("b\*\*\*\*\*t"\)/],
  ["Kalian semua baaangsaaat", /Indonesian/],
  ["Dasar k o n t o l", /Indonesian/],
  ["Tutorial m.e.m.e.k terbaru", /Indonesian/],
  ["Video ng3nt0t gratis", /Indonesian/],
  ["Admin goblokk banget", /Indonesian/],
  ["Dasar anjing!", /an insult in Indonesian/],
  ["Anjing lu admin", /an insult in Indonesian/],
  ["Kamu t0l0l sekali", /Indonesian/],
  ["J4ncuk, tutorial ini jelek", /Indonesian/],
  ["Bokep terbaru 2026", /Indonesian/],
  ["Dasar k*nt*l", /Indonesian/],
  ["Slot gacor hari ini maxwin", /online gambling \("gacor"\)/],
  ["Daftar judi online deposit 10rb", /online gambling \("judi"\)/],
  ["Visit https://example.com for cheap courses", /Titles should not contain links/],
  ["LEARN PYTHON RIGHT NOW OR REGRET FOREVER", /capital letters/],
];

describe("local text moderation: titles", () => {
  it.each(SAFE_TITLES)("passes %j", (title) => {
    expect(moderateTextLocally("title", title)).toEqual({
      isSafe: true,
      reason: SAFE_TEXT_REASON,
    });
  });

  it.each(UNSAFE_TITLES)("flags %j", (title, reason) => {
    const verdict = moderateTextLocally("title", title);
    expect(verdict.isSafe).toBe(false);
    expect(verdict.reason).toMatch(reason);
    expect(verdict.reason.startsWith("The title") || verdict.reason.startsWith("Titles")).toBe(
      true,
    );
  });
});

const SAFE_CONTENT = [
  `Dalam artikel ini kita akan membahas analisis data dengan Python. Kelas dimulai pukul 19.00
   WIB di Jakarta, dan semua materi bisa dipelajari dari rumah. Jangan lupa membawa laptop!`,
  `Sources: https://docs.python.org, https://pandas.pydata.org and https://numpy.org are the
   three references I used for this data analysis walkthrough, plus the course itself.`,
  "Use `SELECT * FROM COURSES WHERE ACTIVE = TRUE` to list the ACTIVE courses in your database, then sort them by date.",
  `Kucing dan anjing adalah hewan peliharaan yang populer. Babi hutan hidup di Sumatra. Monyet
   ekor panjang sering terlihat di Bali. Semua hewan ini menarik untuk dipelajari.`,
];

const UNSAFE_CONTENT: Array<[string, RegExp]> = [
  [
    "Artikel ini bagus tapi penulisnya bangsat dan tidak tahu apa-apa tentang pemrograman web.",
    /The text contains offensive language in Indonesian/,
  ],
  [
    "Great article, you absolute b1tch, I learned a lot about React hooks and state management.",
    /The text contains offensive language/,
  ],
  [
    `Links: https://a.example https://b.example https://c.example https://d.example
     https://e.example https://f.example https://g.example`,
    /too many links \(7\)/,
  ],
  [
    "THIS IS THE BEST COURSE EVER MADE AND EVERYONE SHOULD BUY IT RIGHT NOW BEFORE IT DISAPPEARS FOREVER",
    /capital letters/,
  ],
  [
    "Mau cuan cepat? Main togel di situs kami, daftar sekarang lewat WhatsApp dan dapatkan bonus!",
    /online gambling \("togel"\)/,
  ],
];

describe("local text moderation: content", () => {
  it.each(SAFE_CONTENT)("passes %#", (content) => {
    expect(moderateTextLocally("content", content).isSafe).toBe(true);
  });

  it.each(UNSAFE_CONTENT)("flags %#", (content, reason) => {
    const verdict = moderateTextLocally("content", content);
    expect(verdict.isSafe).toBe(false);
    expect(verdict.reason).toMatch(reason);
  });
});

describe("local text moderation in the writer's language", () => {
  it.each([
    ["title", "Fuck this course", 'Judul mengandung kata kasar ("f**k").'],
    ["title", "Visit https://example.com for cheap courses", "Judul tidak boleh berisi tautan."],
    [
      "content",
      Array.from({ length: 6 }, (_, index) => `https://example.com/${index}`).join(" "),
      "Teks berisi terlalu banyak tautan (6); ini terlihat seperti spam.",
    ],
    ["title", "Belajar Python dari Nol untuk Pemula", "Tidak ditemukan kata kasar atau spam."],
  ] as const)("%s %j in Indonesian", (kind, text, reason) => {
    expect(moderateTextLocally(kind, text, "id").reason).toBe(reason);
  });

  it("writes the same verdict in English when no language is given", () => {
    expect(moderateTextLocally("title", "Fuck this course").reason).toBe(
      'The title contains offensive language ("f**k").',
    );
  });
});

describe("helpers", () => {
  it("re-joins letters spaced or dotted apart, and leaves words alone", () => {
    expect(joinSpacedLetters("f u c k you")).toBe("fuck you");
    expect(joinSpacedLetters("k.o.n.t.o.l")).toBe("kontol");
    expect(joinSpacedLetters("a-n-j-i-n-g lu")).toBe("anjing lu");
    expect(joinSpacedLetters("saya di kelas")).toBe("saya di kelas");
  });

  it("masks a word but keeps its first and last letters", () => {
    expect(maskWord("fuck")).toBe("f**k");
    expect(maskWord("kafir laknat")).toBe("k***r l****t");
  });
});
