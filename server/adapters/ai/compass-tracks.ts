import type { Locale } from "../../../core/locale";
import * as m from "../../../core/paraglide/messages";
import { taxonomyName } from "../../../core/taxonomy-names";

/**
 * What the offline Learning Compass knows about careers and hobbies: skill tracks whose keywords
 * are kept only when today's catalogue has courses for them.
 *
 * A track's skills are in learning order, fundamentals first (Python and statistics before
 * machine learning, Linux before the cloud): the compass keeps that order whatever the goal
 * names. A track stays on its subject (English for work never suggests Japanese), and keywords
 * avoid short words the home search finds inside other words ("UX" is in "Linux", "Git" in
 * "Digital").
 */

type NameMessage = (inputs: Record<string, never>, options: { locale: Locale }) => string;

export type CompassSkill = {
  /** The skill's name in the page's language. */
  name: (locale: Locale) => string;
  keywords: string[];
};
export type CompassTrack = {
  /** Whole-word phrases of the (translated) goal that point at this track. */
  triggers: string[];
  skills: CompassSkill[];
  /** Broader keywords for the "explore more" chips. */
  generic: string[];
};

function skill(name: NameMessage, keywords: string[]): CompassSkill {
  return { name: (locale) => name({}, { locale }), keywords };
}

const ACCOUNTING = skill(m.compass_skill_accounting_basics, ["Accounting", "Bookkeeping"]);
const EXCEL_FINANCE = skill(m.compass_skill_excel_finance, [
  "Excel",
  "Financial Modelling",
  "Google Sheets",
]);
const APP_BACKEND = skill(m.compass_skill_app_backend, ["Firebase", "REST API", "SQL"]);
const INVESTING = skill(m.compass_skill_investing_basics, ["Investing", "Personal Finance"]);
const LEADERSHIP = skill(m.compass_skill_leadership, ["Leadership", "Emotional Intelligence"]);

/** A language other than English: its basics, then conversation; never another language. */
function languageTrack(language: string, triggers: string[]): CompassTrack {
  const named =
    (message: (inputs: { language: string }, o: { locale: Locale }) => string) =>
    (locale: Locale) =>
      message({ language: taxonomyName(language, locale) }, { locale });
  return {
    triggers,
    skills: [
      { name: named(m.compass_skill_language_basics), keywords: [language, `Learn ${language}`] },
      {
        name: named(m.compass_skill_language_conversation),
        keywords: [`${language} Conversation`, `Speak ${language}`, `${language} Grammar`],
      },
    ],
    generic: [language],
  };
}

export const COMPASS_TRACKS: CompassTrack[] = [
  {
    triggers: [
      ...["web", "website", "websites", "frontend", "front-end", "backend", "back-end"],
      ...["fullstack", "full-stack", "full stack", "html", "css", "javascript", "react"],
      ...["web developer", "web app", "web development"],
    ],
    skills: [
      skill(m.compass_skill_html_css, ["HTML", "CSS", "Bootstrap"]),
      skill(m.compass_skill_javascript, ["JavaScript", "TypeScript"]),
      skill(m.compass_skill_web_frameworks, ["React", "Node.js", "Laravel", "Django", "PHP"]),
    ],
    generic: ["Web Development", "Web Design", "SQL"],
  },
  {
    triggers: [
      ...["data analyst", "data analysis", "data analytics", "analytics", "power bi"],
      ...["business intelligence", "tableau", "data visualization"],
    ],
    skills: [
      skill(m.compass_skill_spreadsheets_data, ["Excel", "Google Sheets"]),
      skill(m.compass_skill_sql_statistics, ["SQL", "Statistics"]),
      skill(m.compass_skill_dashboards, ["Power BI", "Tableau", "Data Visualization"]),
    ],
    generic: ["Data Analysis", "Python", "Data Science"],
  },
  {
    triggers: [
      ...["data science", "data scientist", "machine learning", "artificial intelligence"],
      ...["ai", "deep learning", "big data", "data"],
    ],
    skills: [
      skill(m.compass_skill_python_data, ["Python", "Pandas", "NumPy"]),
      skill(m.compass_skill_statistics_sql, ["Statistics", "SQL", "Data Analysis"]),
      skill(m.compass_skill_machine_learning, [
        "Machine Learning",
        "Deep Learning",
        "Neural Networks",
      ]),
    ],
    generic: ["Data Science", "Power BI", "Data Visualization"],
  },
  {
    triggers: ["android", "android app", "android developer", "kotlin", "jetpack compose"],
    skills: [
      skill(m.compass_skill_kotlin, ["Kotlin"]),
      skill(m.compass_skill_android_apps, ["Android", "Jetpack Compose", "Android Studio"]),
      APP_BACKEND,
    ],
    generic: ["Mobile Development", "Flutter"],
  },
  {
    triggers: [
      ...["mobile", "ios", "iphone", "app developer", "mobile app", "app", "apps", "flutter"],
      ...["swift", "react native", "dart"],
    ],
    skills: [
      skill(m.compass_skill_cross_platform, ["Flutter", "Dart", "React Native"]),
      skill(m.compass_skill_native_mobile, ["Kotlin", "Swift", "Android"]),
      APP_BACKEND,
    ],
    generic: ["Mobile Development", "App Development"],
  },
  {
    triggers: [
      ...["graphic design", "graphic designer", "graphic", "design", "designer", "illustration"],
      ...["logo", "photoshop", "illustrator", "canva", "branding"],
    ],
    skills: [
      skill(m.compass_skill_design_tools, ["Canva", "Adobe Photoshop", "Adobe Illustrator"]),
      skill(m.compass_skill_logo_branding, ["Logo Design", "Branding"]),
      skill(m.compass_skill_ui_ux, ["Figma", "UI/UX Design"]),
    ],
    generic: ["Graphic Design", "Photoshop", "Illustrator"],
  },
  {
    triggers: [
      ...["ui", "ux", "ui/ux", "ui design", "ux design", "user experience", "product design"],
      ...["figma", "ux designer", "ui designer", "designer ui/ux", "design", "designer"],
    ],
    skills: [
      skill(m.compass_skill_ux_basics, ["UI/UX", "User Experience", "UX Design"]),
      skill(m.compass_skill_figma, ["Figma", "Adobe XD", "Prototyping"]),
      skill(m.compass_skill_web_design, ["Web Design", "Responsive Design"]),
    ],
    generic: ["UI Design", "Design Thinking"],
  },
  {
    triggers: [
      ...["marketing", "digital marketing", "marketer", "seo", "social media", "ads"],
      ...["advertising", "content creator", "influencer", "instagram", "tiktok", "facebook"],
      "copywriting",
    ],
    skills: [
      skill(m.compass_skill_marketing_basics, [
        "Digital Marketing",
        "Copywriting",
        "Google Analytics",
      ]),
      skill(m.compass_skill_seo, ["SEO", "Google Ads"]),
      skill(m.compass_skill_social_media, [
        "Instagram Marketing",
        "TikTok Marketing",
        "Facebook Ads",
      ]),
    ],
    generic: ["Marketing", "Email Marketing", "Content Marketing", "YouTube"],
  },
  {
    triggers: [
      ...["cloud", "cloud computing", "cloud engineer", "devops", "aws", "azure", "docker"],
      ...["kubernetes", "server", "servers", "linux", "sysadmin"],
    ],
    skills: [
      skill(m.compass_skill_linux_networking, ["Linux", "Bash", "Computer Networking"]),
      skill(m.compass_skill_cloud_platforms, ["AWS Cloud", "Azure", "Google Cloud"]),
      skill(m.compass_skill_containers, ["Docker", "Kubernetes", "DevOps"]),
    ],
    generic: ["Cloud Computing", "Terraform"],
  },
  {
    triggers: [
      ...["security", "cyber security", "cybersecurity", "cyber", "hacking", "hacker"],
      ...["pentest", "penetration testing", "ethical hacking", "network security"],
    ],
    skills: [
      skill(m.compass_skill_networks_linux, ["Networking", "Linux", "CCNA"]),
      skill(m.compass_skill_security_certs, ["CompTIA Security+", "CompTIA", "Cyber Security"]),
      skill(m.compass_skill_ethical_hacking, [
        "Ethical Hacking",
        "Penetration Testing",
        "Bug Bounty",
      ]),
    ],
    generic: ["Cyber Security", "Security", "Hacking"],
  },
  {
    triggers: ["python", "python programming", "python developer"],
    skills: [
      skill(m.compass_skill_python_basics, ["Python"]),
      skill(m.compass_skill_data_databases, ["SQL", "Database", "Pandas"]),
      skill(m.compass_skill_python_projects, ["Django", "Flask", "Automation"]),
    ],
    generic: ["Programming", "Algorithms", "Data Structures"],
  },
  {
    triggers: [
      ...["programming", "programmer", "coding", "coder", "software", "software engineer"],
      ...["developer", "java", "golang", "rust", "c#", "c++"],
    ],
    skills: [
      skill(m.compass_skill_programming_basics, ["Python", "JavaScript", "Java"]),
      skill(m.compass_skill_algorithms, ["Algorithms", "Data Structures", "GitHub"]),
      skill(m.compass_skill_databases, ["SQL", "Database"]),
    ],
    generic: ["Programming", "Software Engineering"],
  },
  {
    triggers: [
      ...["business", "entrepreneur", "entrepreneurship", "startup", "umkm", "e-commerce"],
      ...["ecommerce", "sell", "online shop", "dropshipping", "shop"],
    ],
    skills: [
      skill(m.compass_skill_business_start, ["Entrepreneurship", "Startup", "Business Plan"]),
      skill(m.compass_skill_selling_online, ["E-commerce", "Shopify", "Dropshipping"]),
      skill(m.compass_skill_marketing_sales, ["Digital Marketing", "Sales", "Negotiation"]),
    ],
    generic: ["Business", "Marketing"],
  },
  {
    triggers: [
      ...["project management", "project manager", "product manager", "product management"],
      ...["scrum", "agile", "pmp", "management", "manager"],
    ],
    skills: [
      skill(m.compass_skill_project_basics, ["Project Management", "PMP", "Product Management"]),
      skill(m.compass_skill_agile, ["Agile Scrum", "Scrum", "Agile"]),
      skill(m.compass_skill_leadership, ["Leadership", "Negotiation", "Communication"]),
    ],
    generic: ["Management", "Lean Six Sigma", "Business Analysis"],
  },
  {
    // A job in a bank or in accounting starts from the same ground: the books, then Excel.
    triggers: [
      ...["bank", "banks", "banking", "banker", "teller", "finance", "accounting", "accountant"],
      ...["bookkeeping", "tax", "audit", "auditor", "quickbooks", "financial analyst"],
    ],
    skills: [
      ACCOUNTING,
      EXCEL_FINANCE,
      skill(m.compass_skill_financial_analysis, ["Financial Analysis", "QuickBooks", "Banking"]),
    ],
    generic: ["Finance", "Personal Finance", "Personal Budgeting", "Sales"],
  },
  {
    triggers: [
      ...["investing", "investment", "investor", "stocks", "stock", "trading", "trader"],
      ...["crypto", "cryptocurrency", "bitcoin", "forex"],
    ],
    skills: [
      INVESTING,
      skill(m.compass_skill_stock_trading, ["Stock Trading", "Technical Analysis"]),
      skill(m.compass_skill_crypto, ["Cryptocurrency", "Bitcoin"]),
    ],
    generic: ["Finance", "Trading"],
  },
  {
    triggers: ["personal finance", "money", "budget", "budgeting", "saving"],
    skills: [skill(m.compass_skill_budgeting, ["Personal Budgeting", "Budgeting"]), INVESTING],
    generic: ["Finance", "Money"],
  },
  {
    triggers: [
      ...["office", "administration", "admin", "secretary", "excel", "spreadsheet"],
      ...["spreadsheets", "word", "powerpoint", "microsoft office"],
    ],
    skills: [
      skill(m.compass_skill_excel_basics, ["Excel", "Google Sheets"]),
      skill(m.compass_skill_excel_reports, ["Pivot Tables", "Power BI", "VBA"]),
      skill(m.compass_skill_documents, ["Microsoft Word", "PowerPoint", "Notion"]),
    ],
    generic: ["Microsoft Office", "Data Analysis", "Productivity"],
  },
  {
    triggers: ["photography", "photographer", "photo", "photos", "camera", "lightroom"],
    skills: [
      skill(m.compass_skill_photo_basics, ["Photography", "Camera"]),
      skill(m.compass_skill_photo_editing, ["Lightroom", "Photoshop"]),
    ],
    generic: ["Smartphone Photography", "Photo Editing"],
  },
  {
    triggers: [
      ...["video", "videos", "video editing", "videographer", "youtube", "youtuber", "film"],
      ...["filmmaking", "editing", "premiere", "davinci"],
    ],
    skills: [
      skill(m.compass_skill_video_editing, [
        "Video Editing",
        "Adobe Premiere Pro",
        "DaVinci Resolve",
      ]),
      skill(m.compass_skill_youtube, ["YouTube", "Content Creation"]),
    ],
    generic: ["Video", "Filmmaking"],
  },
  {
    triggers: [
      ...["music", "musician", "guitar", "piano", "singing", "singer", "producer"],
      ...["music producer", "beat"],
    ],
    skills: [
      skill(m.compass_skill_instruments, ["Guitar", "Piano"]),
      skill(m.compass_skill_music_production, ["FL Studio", "Music Production"]),
      skill(m.compass_skill_theory_voice, ["Music Theory", "Singing"]),
    ],
    generic: ["Music"],
  },
  {
    triggers: [
      ...["english", "ielts", "toefl", "toeic", "grammar", "speaking", "business english"],
      "vocabulary",
    ],
    skills: [
      skill(m.compass_skill_english_grammar, ["English Grammar", "English"]),
      skill(m.compass_skill_english_at_work, [
        "Business English",
        "English Speaking",
        "Public Speaking",
      ]),
      skill(m.compass_skill_english_tests, ["IELTS", "TOEFL", "TOEIC"]),
    ],
    generic: ["Communication", "Vocabulary"],
  },
  languageTrack("Japanese", ["japanese", "jlpt"]),
  languageTrack("Korean", ["korean"]),
  languageTrack("Arabic", ["arabic"]),
  languageTrack("Spanish", ["spanish"]),
  languageTrack("German", ["german"]),
  languageTrack("French", ["french"]),
  languageTrack("Chinese", ["chinese", "mandarin"]),
  {
    triggers: [
      ...["productivity", "leadership", "leader", "public speaking", "confidence"],
      ...["communication", "time management", "mindset", "soft skills", "mindfulness"],
      "emotional intelligence",
    ],
    skills: [
      skill(m.compass_skill_communication, [
        "Public Speaking",
        "Communication",
        "Critical Thinking",
      ]),
      skill(m.compass_skill_productivity, ["Time Management", "Productivity", "Notion"]),
      LEADERSHIP,
    ],
    generic: ["Personal Development", "Mindfulness"],
  },
  {
    triggers: [
      ...["health", "fitness", "yoga", "diet", "nutrition", "workout", "meditation"],
      ...["mental health", "sleep", "gym"],
    ],
    skills: [
      skill(m.compass_skill_fitness, ["Home Workout", "Yoga", "Fitness"]),
      skill(m.compass_skill_nutrition, ["Nutrition", "Diet"]),
      skill(m.compass_skill_mind_sleep, ["Meditation", "Sleep Science", "Mental Health"]),
    ],
    generic: ["Health", "Wellness"],
  },
  {
    triggers: [
      ...["math", "mathematics", "physics", "statistics", "calculus", "engineering"],
      ...["science", "exam"],
    ],
    skills: [
      skill(m.compass_skill_mathematics, ["Math", "Statistics", "Calculus"]),
      skill(m.compass_skill_science_engineering, ["Physics", "Engineering"]),
    ],
    generic: ["Statistics", "Science"],
  },
  {
    triggers: [
      ...["cooking", "chef", "coffee", "barista", "baking", "gardening", "drawing", "travel"],
      "craft",
    ],
    skills: [
      skill(m.compass_skill_food_drink, ["Home Cooking", "Coffee Brewing", "Baking"]),
      skill(m.compass_skill_creative_hobbies, ["Drawing", "Gardening"]),
    ],
    generic: ["Cooking", "Travel"],
  },
];
