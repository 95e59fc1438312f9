import type { Locale } from "./locale";
import * as m from "./paraglide/messages";

/**
 * The names of the catalogue's taxonomy as a page shows them: Udemy's categories, the
 * subcategories feeds use, and course languages, in the page's language ("Business" → "Bisnis",
 * "English" → "Bahasa Inggris" on /id). Only what is shown changes: URLs, filter values, the API
 * and the database keep the English name. A name not listed here is shown as it came.
 */
type NameMessage = (inputs: Record<string, never>, options: { locale: Locale }) => string;

const DISPLAY_NAMES: Record<string, NameMessage> = {
  Development: m.category_development,
  Business: m.category_business,
  "Finance & Accounting": m.category_finance_accounting,
  "IT & Software": m.category_it_software,
  "Office Productivity": m.category_office_productivity,
  "Personal Development": m.category_personal_development,
  Design: m.category_design,
  Marketing: m.category_marketing,
  Lifestyle: m.category_lifestyle,
  "Photography & Video": m.category_photography_video,
  "Health & Fitness": m.category_health_fitness,
  Music: m.category_music,
  "Teaching & Academics": m.category_teaching_academics,
  Other: m.category_other,
  "Web Development": m.subcategory_web_development,
  "Programming Languages": m.subcategory_programming_languages,
  "Mobile Development": m.subcategory_mobile_development,
  "Data Science": m.subcategory_data_science,
  Entrepreneurship: m.subcategory_entrepreneurship,
  Management: m.subcategory_management,
  "Project Management": m.subcategory_project_management,
  Sales: m.subcategory_sales,
  "Accounting & Bookkeeping": m.subcategory_accounting_bookkeeping,
  "Investing & Trading": m.subcategory_investing_trading,
  "Personal Finance": m.subcategory_personal_finance,
  "IT Certifications": m.subcategory_it_certifications,
  "Network & Security": m.subcategory_network_security,
  "Operating Systems & Servers": m.subcategory_operating_systems_servers,
  "Other Office Productivity": m.subcategory_other_office_productivity,
  "Personal Productivity": m.subcategory_personal_productivity,
  Leadership: m.subcategory_leadership,
  "Career Development": m.subcategory_career_development,
  Happiness: m.subcategory_happiness,
  "Graphic Design & Illustration": m.subcategory_graphic_design_illustration,
  "Web Design": m.subcategory_web_design,
  "Design Tools": m.subcategory_design_tools,
  "Digital Marketing": m.subcategory_digital_marketing,
  "Social Media Marketing": m.subcategory_social_media_marketing,
  "Search Engine Optimization": m.subcategory_search_engine_optimization,
  "Arts & Crafts": m.subcategory_arts_crafts,
  "Food & Beverage": m.subcategory_food_beverage,
  Travel: m.subcategory_travel,
  "Digital Photography": m.subcategory_digital_photography,
  "Video Design": m.subcategory_video_design,
  "Photography Tools": m.subcategory_photography_tools,
  Fitness: m.subcategory_fitness,
  "Nutrition & Diet": m.subcategory_nutrition_diet,
  "Mental Health": m.subcategory_mental_health,
  Instruments: m.subcategory_instruments,
  "Music Production": m.subcategory_music_production,
  Vocal: m.subcategory_vocal,
  "Language Learning": m.subcategory_language_learning,
  Math: m.subcategory_math,
  Science: m.subcategory_science,
  Engineering: m.subcategory_engineering,
  English: m.language_name_english,
  Indonesian: m.language_name_indonesian,
  Spanish: m.language_name_spanish,
  Arabic: m.language_name_arabic,
  French: m.language_name_french,
  Hindi: m.language_name_hindi,
  Portuguese: m.language_name_portuguese,
  German: m.language_name_german,
  Japanese: m.language_name_japanese,
  Turkish: m.language_name_turkish,
  Italian: m.language_name_italian,
  Russian: m.language_name_russian,
  Chinese: m.language_name_chinese,
  Korean: m.language_name_korean,
  Malay: m.language_name_malay,
  Vietnamese: m.language_name_vietnamese,
  Thai: m.language_name_thai,
  Dutch: m.language_name_dutch,
  Polish: m.language_name_polish,
  Urdu: m.language_name_urdu,
  Bengali: m.language_name_bengali,
};

/** A category, subcategory or language name in the page's language. */
export function taxonomyName(name: string, locale: Locale): string {
  if (locale === "en") return name;
  const message = Object.hasOwn(DISPLAY_NAMES, name) ? DISPLAY_NAMES[name] : undefined;
  return message ? message({}, { locale }) : name;
}

/** The catalogue's name of the language each page is written in: its courses lead there. */
export const COURSE_LANGUAGE_OF_LOCALE: Record<Locale, string> = {
  en: "English",
  id: "Indonesian",
};
