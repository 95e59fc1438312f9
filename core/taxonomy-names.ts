import type { Locale } from "./locale";
// The Indonesian names as one object: compiled to one message function each (both languages in
// every function), the ~100 names cost 3.4 kB gzip of JavaScript on every list page; the plain
// table costs about 1 kB. English pages show the catalogue's own (English) names.
import indonesianNames from "../messages/taxonomy/id.json";

/**
 * The names of the catalogue's taxonomy as a page shows them: Udemy's categories, the
 * subcategories feeds use, and course languages, in the page's language ("Business" → "Bisnis",
 * "English" → "Bahasa Inggris" on /id). Only what is shown changes: URLs, filter values, the API
 * and the database keep the English name. A name not listed here is shown as it came.
 */
type NameKey = Exclude<keyof typeof indonesianNames, "$schema">;

const NAME_KEYS: Record<string, NameKey> = {
  Development: "category_development",
  Business: "category_business",
  "Finance & Accounting": "category_finance_accounting",
  "IT & Software": "category_it_software",
  "Office Productivity": "category_office_productivity",
  "Personal Development": "category_personal_development",
  Design: "category_design",
  Marketing: "category_marketing",
  Lifestyle: "category_lifestyle",
  "Photography & Video": "category_photography_video",
  "Health & Fitness": "category_health_fitness",
  Music: "category_music",
  "Teaching & Academics": "category_teaching_academics",
  Other: "category_other",
  "Web Development": "subcategory_web_development",
  "Programming Languages": "subcategory_programming_languages",
  "Mobile Development": "subcategory_mobile_development",
  "Data Science": "subcategory_data_science",
  Entrepreneurship: "subcategory_entrepreneurship",
  Management: "subcategory_management",
  "Project Management": "subcategory_project_management",
  Sales: "subcategory_sales",
  "Accounting & Bookkeeping": "subcategory_accounting_bookkeeping",
  "Investing & Trading": "subcategory_investing_trading",
  "Personal Finance": "subcategory_personal_finance",
  "IT Certifications": "subcategory_it_certifications",
  "Network & Security": "subcategory_network_security",
  "Operating Systems & Servers": "subcategory_operating_systems_servers",
  "Other Office Productivity": "subcategory_other_office_productivity",
  "Personal Productivity": "subcategory_personal_productivity",
  Leadership: "subcategory_leadership",
  "Career Development": "subcategory_career_development",
  Happiness: "subcategory_happiness",
  "Graphic Design & Illustration": "subcategory_graphic_design_illustration",
  "Web Design": "subcategory_web_design",
  "Design Tools": "subcategory_design_tools",
  "Digital Marketing": "subcategory_digital_marketing",
  "Social Media Marketing": "subcategory_social_media_marketing",
  "Search Engine Optimization": "subcategory_search_engine_optimization",
  "Arts & Crafts": "subcategory_arts_crafts",
  "Food & Beverage": "subcategory_food_beverage",
  Travel: "subcategory_travel",
  "Digital Photography": "subcategory_digital_photography",
  "Video Design": "subcategory_video_design",
  "Photography Tools": "subcategory_photography_tools",
  Fitness: "subcategory_fitness",
  "Nutrition & Diet": "subcategory_nutrition_diet",
  "Mental Health": "subcategory_mental_health",
  Instruments: "subcategory_instruments",
  "Music Production": "subcategory_music_production",
  Vocal: "subcategory_vocal",
  "Language Learning": "subcategory_language_learning",
  Math: "subcategory_math",
  Science: "subcategory_science",
  Engineering: "subcategory_engineering",
  English: "language_name_english",
  Indonesian: "language_name_indonesian",
  Spanish: "language_name_spanish",
  Arabic: "language_name_arabic",
  French: "language_name_french",
  Hindi: "language_name_hindi",
  Portuguese: "language_name_portuguese",
  German: "language_name_german",
  Japanese: "language_name_japanese",
  Turkish: "language_name_turkish",
  Italian: "language_name_italian",
  Russian: "language_name_russian",
  Chinese: "language_name_chinese",
  Korean: "language_name_korean",
  Malay: "language_name_malay",
  Vietnamese: "language_name_vietnamese",
  Thai: "language_name_thai",
  Dutch: "language_name_dutch",
  Polish: "language_name_polish",
  Urdu: "language_name_urdu",
  Bengali: "language_name_bengali",
};

/** A category, subcategory or language name in the page's language. */
export function taxonomyName(name: string, locale: Locale): string {
  if (locale === "en") return name;
  const key = Object.hasOwn(NAME_KEYS, name) ? NAME_KEYS[name] : undefined;
  return key ? indonesianNames[key] : name;
}

/** The catalogue's name of the language each page is written in: its courses lead there. */
export const COURSE_LANGUAGE_OF_LOCALE: Record<Locale, string> = {
  en: "English",
  id: "Indonesian",
};
