/**
 * Indonesian (and Javanese/Malay slang common on Indonesian sites) terms for the offline text
 * moderation. Written for this project: no maintained Indonesian list exists on npm (STACK.md).
 *
 * Terms are matched against whole words after normalisation (lower case, leetspeak digits,
 * repeated letters collapsed, letters re-joined when spaced or dotted apart), so a term never
 * matches inside an ordinary word ("masuk" does not contain "asu", "kelas" is not flagged).
 */

/** Always offensive: vulgar words for genitals and sex, strong curses and slurs. */
export const INDONESIAN_OFFENSIVE_TERMS: readonly string[] = [
  "kontol",
  "kontl",
  "kntl",
  "memek",
  "ngentot",
  "ngentod",
  "entot",
  "entod",
  "kentot",
  "ngewe",
  "jembut",
  "pepek",
  "peler",
  "itil",
  "titit",
  "tempik",
  "toket",
  "coli",
  "colmek",
  "ngaceng",
  "sange",
  "bokep",
  "lonte",
  "pelacur",
  "sundal",
  "jablay",
  "bangsat",
  "bajingan",
  "keparat",
  "brengsek",
  "kampret",
  "bangke",
  "jancuk",
  "jancok",
  "diancuk",
  "dancok",
  "cuki",
  "cukimai",
  "pukimak",
  "pukimai",
  "kimak",
  "pantek",
  "goblok",
  "goblog",
  "tolol",
  "bencong",
  "kafir laknat",
];

/**
 * Words with an ordinary meaning (animals, "stupid") that are insults only when aimed at
 * someone: "dasar anjing", "anjing lu", "lo babi". On their own ("anjing peliharaan") they pass.
 */
export const INDONESIAN_CONTEXT_INSULTS: readonly string[] = [
  "anjing",
  "anjir",
  "babi",
  "monyet",
  "asu",
  "bodoh",
  "bego",
  "idiot",
  "banci",
  "setan",
  "sialan",
];

/** Rude second-person pronouns ("you"): beside a word they turn it into an insult. */
const RUDE_YOU = ["lu", "lo", "loe", "elu", "elo", "lw"];
/** The pronouns and the "dasar …" ("you …!") opener that turn the word after them into an insult. */
export const INSULT_MARKERS_BEFORE: readonly string[] = ["dasar", ...RUDE_YOU];
export const INSULT_MARKERS_AFTER: readonly string[] = [...RUDE_YOU, "luh"];

/**
 * Affixes an offensive root may carry ("ngentotin", "bangsatnya", "dientot"). Only these are
 * tried, so unrelated words that merely start with a root ("perekonomian") never match.
 */
export const INDONESIAN_PREFIXES: readonly string[] = ["", "di", "ng", "nge", "ter", "ke", "se"];
export const INDONESIAN_SUFFIXES: readonly string[] = [
  "",
  "nya",
  "lah",
  "kah",
  "mu",
  "ku",
  "an",
  "in",
  "i",
  "lu",
  "lo",
];

/**
 * Online-gambling promotion ("judol"), the most common spam on Indonesian sites. These are
 * promotional on their own.
 */
export const GAMBLING_PROMO_TERMS: readonly string[] = [
  "gacor",
  "maxwin",
  "sbobet",
  "slot88",
  "rtp slot",
  "deposit pulsa",
  "scatter hitam",
  "bandar togel",
  "agen judi",
  "situs judi",
  "link alternatif",
];

/**
 * Gambling words that may appear in an honest article ("bahaya judi online"): they count as
 * promotion only next to a link or a call to sign up, deposit or win.
 */
export const GAMBLING_TOPIC_TERMS: readonly string[] = [
  "judi",
  "judol",
  "togel",
  "slot online",
  "casino online",
  "kasino online",
  "taruhan bola",
];
export const GAMBLING_CALL_TO_ACTION: readonly string[] = [
  "daftar",
  "deposit",
  "depo",
  "bonus",
  "withdraw",
  "wd",
  "jp",
  "jackpot",
  "pasti menang",
  "gampang menang",
  "mudah menang",
  "klik",
  "link",
  "situs",
  "whatsapp",
];

/**
 * Ordinary words that the English dataset would flag by substring ("analisis" has "anal",
 * "cumi" has "cum"). Obscenity drops a match that lies inside one of these.
 */
/** Phrases removed before the Indonesian check ("bakteri E. coli" is not "coli"). */
export const SAFE_PHRASES: readonly RegExp[] = [/\be\.?\s*coli\b/gi];

export const WHITELISTED_WORDS: readonly string[] = [
  // Indonesian
  // The English dataset's `n[i]gga` makes the "i" optional, so "ngga" alone matches — and it
  // is everywhere in Indonesian: hingga, sehingga, tinggal, tangga, mangga, bangga, nggak.
  // The slur itself ("nigga") does not contain "ngga", so it is still caught.
  "ngga",
  "analisis",
  "analisa",
  "analis",
  "analitik",
  "analitis",
  "kanal",
  "kanalisasi",
  "penisilin",
  "cumi",
  "scunthorpe",
  // English and Latin
  "cum laude",
  "sex education",
  "moby dick",
  "cockpit",
  "peacock",
  "hitchcock",
  "hancock",
  "babcock",
  "penistone",
];
