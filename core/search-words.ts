/**
 * Common Indonesian learning words and the English words course titles use for them, so a
 * search that finds nothing ("belajar python", "desain grafis") can point at the English topic
 * ("python", "graphic design"). Titles on the coupon feeds are almost all English.
 *
 * An empty value marks a word that only wraps a search ("belajar", "kursus", "gratis"): it is
 * dropped, and the rest of the search is the topic.
 */
export const LEARNING_WORDS: Readonly<Record<string, string>> = {
  // Wrapping words: what a learner types around the topic.
  belajar: "",
  pelajari: "",
  mempelajari: "",
  kursus: "",
  kelas: "",
  pelatihan: "",
  tutorial: "",
  materi: "",
  cara: "",
  gratis: "",
  pemula: "",
  dasar: "",
  "dari nol": "",
  lengkap: "",
  mahir: "",
  menjadi: "",
  jadi: "",
  untuk: "",
  dan: "",
  dengan: "",
  yang: "",
  sertifikat: "certificate",
  // Software and the web
  pemrograman: "programming",
  "bahasa pemrograman": "programming",
  "pengembangan web": "web development",
  "pembuatan website": "website",
  "membuat website": "website",
  "situs web": "website",
  "aplikasi android": "android",
  "aplikasi mobile": "mobile app",
  aplikasi: "app",
  "basis data": "database",
  "jaringan komputer": "networking",
  jaringan: "network",
  "keamanan siber": "cyber security",
  keamanan: "security",
  peretasan: "hacking",
  "komputasi awan": "cloud",
  "perangkat lunak": "software",
  "pengujian perangkat lunak": "software testing",
  // Data and AI
  "ilmu data": "data science",
  "sains data": "data science",
  "analisis data": "data analysis",
  "analisa data": "data analysis",
  "kecerdasan buatan": "artificial intelligence",
  "pembelajaran mesin": "machine learning",
  statistika: "statistics",
  statistik: "statistics",
  // Design, photo and video
  "desain grafis": "graphic design",
  "desain web": "web design",
  "desain logo": "logo design",
  "desain interior": "interior design",
  desain: "design",
  grafis: "graphic",
  ilustrasi: "illustration",
  menggambar: "drawing",
  gambar: "drawing",
  animasi: "animation",
  fotografi: "photography",
  foto: "photo",
  "edit video": "video editing",
  "editing video": "video editing",
  "penyuntingan video": "video editing",
  // Business, money and marketing
  "pemasaran digital": "digital marketing",
  pemasaran: "marketing",
  "media sosial": "social media",
  iklan: "ads",
  bisnis: "business",
  kewirausahaan: "entrepreneurship",
  wirausaha: "entrepreneur",
  "manajemen proyek": "project management",
  manajemen: "management",
  kepemimpinan: "leadership",
  penjualan: "sales",
  keuangan: "finance",
  akuntansi: "accounting",
  pembukuan: "bookkeeping",
  investasi: "investing",
  saham: "stock",
  pajak: "tax",
  "toko online": "e-commerce",
  // Office and personal development
  "microsoft excel": "excel",
  "berbicara di depan umum": "public speaking",
  komunikasi: "communication",
  produktivitas: "productivity",
  "manajemen waktu": "time management",
  "pengembangan diri": "personal development",
  "kepercayaan diri": "confidence",
  // Languages, teaching and other subjects
  "bahasa inggris": "english",
  "bahasa jepang": "japanese",
  "bahasa arab": "arabic",
  "bahasa mandarin": "chinese",
  "bahasa korea": "korean",
  "bahasa jerman": "german",
  "bahasa prancis": "french",
  "bahasa spanyol": "spanish",
  "bahasa indonesia": "bahasa indonesia",
  matematika: "math",
  fisika: "physics",
  kimia: "chemistry",
  biologi: "biology",
  // Health, music and life
  kesehatan: "health",
  kebugaran: "fitness",
  nutrisi: "nutrition",
  gizi: "nutrition",
  meditasi: "meditation",
  musik: "music",
  gitar: "guitar",
  menyanyi: "singing",
  memasak: "cooking",
  masak: "cooking",
  berkebun: "gardening",
};

const entries = Object.entries(LEARNING_WORDS)
  .map(([from, to]) => [from.split(" "), to] as const)
  .sort(([a], [b]) => b.length - a.length);

export type TranslatedSearch = {
  /** The search in the English words of titles, wrapping words dropped. */
  topic: string;
  /** English topics that came from Indonesian words ("graphic design"), in order. */
  translatedTopics: string[];
};

/** "Belajar Desain Grafis untuk pemula" → topic "graphic design", translated ["graphic design"]. */
export function translateSearchWords(search: string): TranslatedSearch {
  const words = search
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}+#]+$/gu, ""))
    .filter((word) => word !== "");
  const topic: string[] = [];
  const translatedTopics: string[] = [];
  for (let index = 0; index < words.length;) {
    const match = entries.find(([from]) =>
      from.every((word, offset) => words[index + offset] === word),
    );
    if (!match) {
      topic.push(words[index]!);
      index += 1;
      continue;
    }
    const [from, to] = match;
    if (to !== "") {
      topic.push(to);
      if (to !== from.join(" ")) translatedTopics.push(to);
    }
    index += from.length;
  }
  return { topic: topic.join(" "), translatedTopics };
}

/**
 * A way out of a search that found nothing: an English topic of the learner's own words, a
 * category near them, or a search many listed courses answer. Always a plain link, so it works
 * before the page is interactive.
 */
export type SearchSuggestion = {
  kind: "topic" | "category" | "popular";
  label: string;
  href: string;
};
