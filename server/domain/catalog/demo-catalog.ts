import type { CouponRecord } from "../../adapters/coupon-feeds/coupon-record";
import { createSeededRandom } from "../../../core/seeded-random";

/**
 * A deterministic demo catalogue written by this project, so a fresh install shows a believable
 * site with no network and no third-party data. Same seed and same day → the same courses.
 * Courses link to made-up Udemy paths and are marked with source "demo".
 */

/**
 * Category → sub-category → topics, as Udemy files them: a topic always lands in the
 * sub-category it belongs to (Go under Programming Languages, never under Mobile Development).
 */
const UDEMY_CATEGORIES: Record<string, Record<string, string[]>> = {
  Development: {
    "Web Development": ["JavaScript", "React", "Node.js", "Laravel", "TypeScript", "Django"],
    "Programming Languages": ["Python", "Go", "Rust", "Java", "C#"],
    "Mobile Development": ["Flutter", "Kotlin for Android", "Swift for iOS"],
    "Data Science": ["Python for Data Science", "Machine Learning with Python", "SQL"],
  },
  Business: {
    Entrepreneurship: ["Startup Finance", "E-commerce"],
    Management: ["Product Management", "Lean Six Sigma"],
    "Project Management": ["Agile Scrum", "Business Analysis"],
    Sales: ["Negotiation", "B2B Sales"],
  },
  "Finance & Accounting": {
    "Accounting & Bookkeeping": ["Bookkeeping", "Excel Financial Modelling", "Financial Analysis"],
    "Investing & Trading": ["Stock Trading", "Cryptocurrency"],
    "Personal Finance": ["Personal Budgeting"],
  },
  "IT & Software": {
    "IT Certifications": ["AWS Cloud Practitioner", "Azure Fundamentals", "CompTIA Security+"],
    "Network & Security": ["Ethical Hacking"],
    "Operating Systems & Servers": ["Linux Administration", "Docker", "Kubernetes"],
  },
  "Office Productivity": {
    Microsoft: ["Microsoft Excel", "PowerPoint", "Microsoft Word", "Power BI"],
    Google: ["Google Sheets"],
    "Other Office Productivity": ["Notion"],
  },
  "Personal Development": {
    "Personal Productivity": ["Time Management", "Critical Thinking"],
    Leadership: ["Leadership", "Emotional Intelligence"],
    "Career Development": ["Public Speaking"],
    Happiness: ["Mindfulness"],
  },
  Design: {
    "Graphic Design & Illustration": [
      "Adobe Photoshop",
      "Canva",
      "Logo Design",
      "Adobe Illustrator",
    ],
    "Web Design": ["UI/UX Design"],
    "Design Tools": ["Figma"],
  },
  Marketing: {
    "Digital Marketing": ["Copywriting", "Google Analytics", "Email Marketing"],
    "Social Media Marketing": ["Facebook Ads", "Instagram Marketing", "TikTok Marketing"],
    "Search Engine Optimization": ["SEO"],
  },
  Lifestyle: {
    "Arts & Crafts": ["Drawing"],
    "Food & Beverage": ["Home Cooking", "Coffee Brewing"],
    Travel: ["Travel Hacking"],
  },
  "Photography & Video": {
    "Digital Photography": ["Smartphone Photography", "Lightroom"],
    "Video Design": ["Adobe Premiere Pro", "DaVinci Resolve", "YouTube Video Editing"],
  },
  "Health & Fitness": {
    Fitness: ["Yoga", "Home Workout"],
    "Nutrition & Diet": ["Nutrition"],
    "Mental Health": ["Meditation", "Sleep Science"],
  },
  Music: {
    Instruments: ["Guitar", "Piano"],
    "Music Production": ["FL Studio", "Music Theory"],
    Vocal: ["Singing"],
  },
  "Teaching & Academics": {
    "Language Learning": ["English Grammar", "IELTS Preparation", "Japanese"],
    Math: ["Statistics", "Calculus"],
    Science: ["Physics"],
  },
};

type CourseKind = {
  /** The title, in the course's own language. */
  title: string;
  level: string;
  /** Video length in minutes, [shortest, longest]; practice tests have none. */
  minutes: [number, number];
};

/**
 * Kinds of course as titles name them, each with the level and length its title promises: a
 * crash course is an hour or two, a bootcamp a few dozen hours, practice tests have no video.
 */
const COURSE_KINDS: Record<string, CourseKind[]> = {
  English: [
    {
      title: "{topic} for Beginners: From Zero to Hero",
      level: "Beginner Level",
      minutes: [180, 600],
    },
    { title: "The Complete {topic} Bootcamp {year}", level: "All Levels", minutes: [900, 2700] },
    {
      title: "{topic} Masterclass: Practical Projects",
      level: "Intermediate Level",
      minutes: [480, 1200],
    },
    { title: "Learn {topic} in 30 Days", level: "Beginner Level", minutes: [300, 900] },
    { title: "{topic} Crash Course for Busy People", level: "Beginner Level", minutes: [60, 180] },
    { title: "Mastering {topic}: Advanced Techniques", level: "Expert Level", minutes: [360, 900] },
    { title: "{topic} Practice Tests and Exam Preparation", level: "All Levels", minutes: [0, 0] },
    {
      title: "Hands-On {topic} with Real-World Examples",
      level: "Intermediate Level",
      minutes: [240, 720],
    },
    {
      title: "{topic} Essentials: A Step-by-Step Guide",
      level: "Beginner Level",
      minutes: [120, 360],
    },
    {
      title: "Modern {topic}: Build Your Portfolio",
      level: "Intermediate Level",
      minutes: [360, 900],
    },
  ],
  Indonesian: [
    {
      title: "Belajar {topic} untuk Pemula: Dari Nol Sampai Mahir",
      level: "Beginner Level",
      minutes: [180, 600],
    },
    { title: "Kursus Lengkap {topic} {year}", level: "All Levels", minutes: [600, 1800] },
    {
      title: "{topic} Praktis dengan Studi Kasus Nyata",
      level: "Intermediate Level",
      minutes: [240, 720],
    },
    { title: "Kuasai {topic} dalam 30 Hari", level: "Beginner Level", minutes: [300, 900] },
    {
      title: "Kursus Kilat {topic} untuk Orang Sibuk",
      level: "Beginner Level",
      minutes: [60, 180],
    },
  ],
  Spanish: [
    {
      title: "{topic} desde Cero: Curso Completo {year}",
      level: "All Levels",
      minutes: [600, 1800],
    },
    { title: "{topic} para Principiantes", level: "Beginner Level", minutes: [120, 480] },
    { title: "{topic} Avanzado con Proyectos Reales", level: "Expert Level", minutes: [360, 900] },
  ],
  Portuguese: [
    { title: "{topic} do Zero ao Avançado", level: "All Levels", minutes: [600, 1800] },
    { title: "{topic} para Iniciantes", level: "Beginner Level", minutes: [120, 480] },
  ],
};

/** What the first sentence after the title promises, by level. */
const PROMISES: Record<string, string> = {
  "Beginner Level": "No experience is needed: every idea is introduced from the start.",
  "All Levels": "It starts with the basics and goes on to the topics people ask about at work.",
  "Intermediate Level": "It assumes you know the basics and builds on them with real projects.",
  "Expert Level": "It is for people who already use the topic and want to go deeper.",
};

const HEADLINES = [
  "Build real skills with short, practical lessons",
  "Everything you need to get started, explained clearly",
  "Hands-on exercises, quizzes and downloadable resources",
  "Learn at your own pace with lifetime access",
  "From fundamentals to a finished project",
];

const INSTRUCTORS = [
  "Andi Pratama",
  "Siti Rahmawati",
  "Budi Santoso",
  "Maria Lopez",
  "James Carter",
  "Dewi Lestari",
  "Rahul Sharma",
  "Chen Wei",
  "Fatima Zahra",
  "Lukas Becker",
  "Ayu Wulandari",
  "Emily Johnson",
  "Yusuf Hakim",
  "Sofia Rossi",
  "Kenji Tanaka",
];

/** Free coupons lean heavily towards software and IT, as on the real coupon sites. */
const CATEGORY_WEIGHTS: Record<string, number> = {
  Development: 26,
  "IT & Software": 12,
  Business: 10,
  "Personal Development": 8,
  "Office Productivity": 6,
  Marketing: 6,
  Design: 6,
  "Finance & Accounting": 5,
  "Teaching & Academics": 6,
  "Photography & Video": 4,
  "Health & Fitness": 4,
  Lifestyle: 4,
  Music: 3,
};

/** The course's language, which its title is written in. */
const LANGUAGES: Array<[string, number]> = [
  ["English", 78],
  ["Indonesian", 12],
  ["Spanish", 6],
  ["Portuguese", 4],
];

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export type DemoCatalogueOptions = { count?: number; seed?: number; days?: number };

/**
 * Courses found over the `days` days ending at `now`, each with a coupon that expires within
 * the coming week, so a fresh install lists all of them.
 */
export function generateDemoCatalogue(
  now: Date,
  options: DemoCatalogueOptions = {},
): CouponRecord[] {
  const count = options.count ?? 600;
  const days = options.days ?? 14;
  const random = createSeededRandom(options.seed ?? 20241026);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const weighted = (entries: Array<[string, number]>) => {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = random() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return entries[0]![0];
  };
  const categoryWeights = Object.entries(CATEGORY_WEIGHTS);
  const usedSlugs = new Set<string>();
  const records: CouponRecord[] = [];
  const year = now.getUTCFullYear();

  const usedTitles = new Set<string>();

  for (let index = 0; index < count; index += 1) {
    // The first 13 cover every category once; the rest follow the weights.
    const category =
      index < categoryWeights.length ? categoryWeights[index]![0] : weighted(categoryWeights);
    // A title is never listed twice while fresh combinations remain (a few hundred courses); a
    // far larger catalogue (the bench's 50 000) numbers its volumes.
    let course = drawCourse(category, year, pick, weighted);
    for (let attempt = 0; usedTitles.has(course.title) && attempt < 40; attempt += 1) {
      course = drawCourse(category, year, pick, weighted);
    }
    const baseTitle = course.title;
    for (let volume = 2; usedTitles.has(course.title); volume += 1) {
      course = { ...course, title: `${baseTitle} (Vol. ${volume})` };
    }
    usedTitles.add(course.title);
    const { title, subCategory, topic, kind, language } = course;
    let slug = slugify(title);
    for (let suffix = 2; usedSlugs.has(slug); suffix += 1) slug = `${slugify(title)}-${suffix}`;
    usedSlugs.add(slug);
    const [shortest, longest] = kind.minutes;
    const durationMinutes = shortest + Math.floor(random() * (longest - shortest + 1));
    const instructor = pick(INSTRUCTORS);
    const headline = pick(HEADLINES);

    // Spread sightings over the window, more of them recent (as real feeds are).
    const ageDays = Math.floor(Math.pow(random(), 1.6) * days);
    const foundAt = new Date(
      now.getTime() - ageDays * 86_400_000 - Math.floor(random() * 6) * 3_600_000,
    );
    const expiresAt = new Date(now.getTime() + (0.5 + random() * 6.5) * 86_400_000);
    const udemyReviews = Math.floor(Math.pow(random(), 3) * 5000);
    const couponCode = `KURSUS${(index + 1).toString(36).toUpperCase().padStart(4, "0")}${Math.floor(random() * 90 + 10)}`;

    records.push({
      courseUrl: `https://www.udemy.com/course/${slug}/?couponCode=${couponCode}`,
      couponCode,
      title,
      category,
      subCategory,
      language,
      level: kind.level,
      instructor,
      headline,
      description: describeCourse({ title, topic, level: kind.level, durationMinutes, instructor }),
      imageUrl: null,
      durationMinutes,
      udemyRating: udemyReviews === 0 ? null : Math.round((3.4 + random() * 1.6) * 10) / 10,
      udemyReviews,
      students: udemyReviews * (5 + Math.floor(random() * 40)) + Math.floor(random() * 800),
      usesRemaining: 1 + Math.floor(random() * 997),
      expiresAt,
      foundAt,
    });
  }
  return records;
}

type DrawnCourse = {
  title: string;
  subCategory: string;
  topic: string;
  kind: CourseKind;
  language: string;
};

function drawCourse(
  category: string,
  year: number,
  pick: <T>(items: readonly T[]) => T,
  weighted: (entries: Array<[string, number]>) => string,
): DrawnCourse {
  const subCategories = UDEMY_CATEGORIES[category]!;
  const subCategory = pick(Object.keys(subCategories));
  const topic = pick(subCategories[subCategory]!);
  const language = weighted(LANGUAGES);
  const kind = pick(COURSE_KINDS[language]!);
  const title = kind.title.replace("{topic}", topic).replace("{year}", String(year));
  return { title, subCategory, topic, kind, language };
}

/**
 * A few sentences that say what the course is, for whom and how long, starting with its title
 * (the demo's "About this course"). Written in English whatever the course's language, as
 * Udemy's own summaries on the coupon feeds mostly are.
 */
function describeCourse(course: {
  title: string;
  topic: string;
  level: string;
  durationMinutes: number;
  instructor: string;
}): string {
  const { title, topic, level, durationMinutes, instructor } = course;
  const length =
    durationMinutes === 0
      ? `a set of practice tests on ${topic} with an explanation for every answer`
      : `about ${Math.max(1, Math.round(durationMinutes / 60))} hours of video on ${topic}`;
  return (
    `<p>${title} is ${length}; ${instructor} teaches every lesson. ${PROMISES[level]} ` +
    `Each section ends with an exercise, so you practise what you have just seen. ` +
    `This is an example course of the demo catalogue, not a live coupon.</p>`
  );
}
