import type { CouponRecord } from "../adapters/coupon-feeds/coupon-record";
import { createSeededRandom } from "../../core/seeded-random";

/**
 * A deterministic demo catalogue written by this project, so a fresh install shows a believable
 * site with no network and no third-party data. Same seed and same day → the same courses.
 * Courses link to made-up Udemy paths and are marked with source "demo".
 */

const UDEMY_CATEGORIES: Record<string, { subCategories: string[]; topics: string[] }> = {
  Development: {
    subCategories: [
      "Web Development",
      "Programming Languages",
      "Mobile Development",
      "Data Science",
    ],
    topics: [
      "Python",
      "Python for Data Science",
      "Machine Learning with Python",
      "Django and Python",
      "JavaScript",
      "React",
      "Node.js",
      "Flutter",
      "Go",
      "Rust",
      "SQL",
      "Laravel",
      "Kotlin",
      "TypeScript",
    ],
  },
  Business: {
    subCategories: ["Entrepreneurship", "Management", "Project Management", "Sales"],
    topics: [
      "Startup Finance",
      "Agile Scrum",
      "Business Analysis",
      "Negotiation",
      "Lean Six Sigma",
      "Product Management",
      "E-commerce",
    ],
  },
  "Finance & Accounting": {
    subCategories: ["Accounting & Bookkeeping", "Investing & Trading", "Personal Finance"],
    topics: [
      "Excel Financial Modelling",
      "Stock Trading",
      "Bookkeeping",
      "Cryptocurrency",
      "Personal Budgeting",
      "Financial Analysis",
    ],
  },
  "IT & Software": {
    subCategories: ["IT Certifications", "Network & Security", "Operating Systems & Servers"],
    topics: [
      "AWS Cloud Practitioner",
      "Linux Administration",
      "Ethical Hacking",
      "Docker",
      "Kubernetes",
      "CompTIA Security+",
      "Azure Fundamentals",
    ],
  },
  "Office Productivity": {
    subCategories: ["Microsoft", "Google", "Other Office Productivity"],
    topics: [
      "Microsoft Excel",
      "PowerPoint",
      "Google Sheets",
      "Notion",
      "Microsoft Word",
      "Power BI",
    ],
  },
  "Personal Development": {
    subCategories: ["Personal Productivity", "Leadership", "Career Development", "Happiness"],
    topics: [
      "Time Management",
      "Public Speaking",
      "Leadership",
      "Mindfulness",
      "Emotional Intelligence",
      "Critical Thinking",
    ],
  },
  Design: {
    subCategories: ["Graphic Design & Illustration", "Web Design", "Design Tools"],
    topics: [
      "Figma",
      "Adobe Photoshop",
      "UI/UX Design",
      "Canva",
      "Logo Design",
      "Adobe Illustrator",
    ],
  },
  Marketing: {
    subCategories: ["Digital Marketing", "Social Media Marketing", "Search Engine Optimization"],
    topics: [
      "SEO",
      "Facebook Ads",
      "Instagram Marketing",
      "Copywriting",
      "Google Analytics",
      "Email Marketing",
      "TikTok Marketing",
    ],
  },
  Lifestyle: {
    subCategories: ["Arts & Crafts", "Food & Beverage", "Travel"],
    topics: ["Home Cooking", "Drawing", "Coffee Brewing", "Travel Hacking", "Gardening"],
  },
  "Photography & Video": {
    subCategories: ["Digital Photography", "Video Design", "Photography Tools"],
    topics: [
      "Smartphone Photography",
      "Adobe Premiere Pro",
      "DaVinci Resolve",
      "Lightroom",
      "YouTube Video Editing",
    ],
  },
  "Health & Fitness": {
    subCategories: ["Fitness", "Nutrition & Diet", "Mental Health"],
    topics: ["Yoga", "Nutrition", "Home Workout", "Meditation", "Sleep Science"],
  },
  Music: {
    subCategories: ["Instruments", "Music Production", "Vocal"],
    topics: ["Guitar", "Piano", "FL Studio", "Music Theory", "Singing"],
  },
  "Teaching & Academics": {
    subCategories: ["Language Learning", "Math", "Science", "Engineering"],
    topics: [
      "English Grammar",
      "IELTS Preparation",
      "Statistics",
      "Calculus",
      "Physics",
      "Bahasa Indonesia",
      "Japanese",
    ],
  },
};

const TITLE_PATTERNS = [
  "{topic} for Beginners: From Zero to Hero",
  "The Complete {topic} Bootcamp {year}",
  "{topic} Masterclass: Practical Projects",
  "Learn {topic} in 30 Days",
  "{topic} Crash Course for Busy People",
  "Mastering {topic}: Advanced Techniques",
  "{topic} Practice Tests and Exam Preparation",
  "Hands-On {topic} with Real-World Examples",
  "{topic} Essentials: A Step-by-Step Guide",
  "Modern {topic}: Build Your Portfolio",
];

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

const LANGUAGES: Array<[string, number]> = [
  ["English", 70],
  ["Indonesian", 10],
  ["Spanish", 6],
  ["Arabic", 4],
  ["French", 4],
  ["Hindi", 3],
  ["Portuguese", 3],
];

const LEVELS = ["All Levels", "Beginner Level", "Intermediate Level", "Expert Level"];

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

  for (let index = 0; index < count; index += 1) {
    // The first 13 cover every category once; the rest follow the weights.
    const category =
      index < categoryWeights.length ? categoryWeights[index]![0] : weighted(categoryWeights);
    const { subCategories, topics } = UDEMY_CATEGORIES[category]!;
    const topic = pick(topics);
    const title = pick(TITLE_PATTERNS).replace("{topic}", topic).replace("{year}", String(year));
    let slug = slugify(title);
    for (let suffix = 2; usedSlugs.has(slug); suffix += 1) slug = `${slugify(title)}-${suffix}`;
    usedSlugs.add(slug);

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
      subCategory: pick(subCategories),
      language: weighted(LANGUAGES),
      level: pick(LEVELS),
      instructor: pick(INSTRUCTORS),
      headline: pick(HEADLINES),
      description: `<p>${title}. ${pick(HEADLINES)}.</p>`,
      imageUrl: null,
      durationMinutes: random() < 0.1 ? 0 : 30 + Math.floor(random() * 900),
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
