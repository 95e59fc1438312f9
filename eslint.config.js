import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import i18next from "eslint-plugin-i18next";
import tseslint from "typescript-eslint";

/**
 * Import boundaries: app/routes → server/domain → server/db, server/adapters; app/ and server/
 * both build on core/ (the product's shared rules), which imports neither. The browser-side code
 * (components, lib) never reaches into the server, and the server never reaches into app/.
 */
const noServer = {
  group: ["**/server/**", "../server/*", "../../server/*"],
  message: "app/components and app/lib run in the browser: they never import server/.",
};
const noDbOrAdapters = {
  group: ["**/server/db/**", "**/server/adapters/**"],
  message: "Route modules call server/domain; only the domain touches the database and adapters.",
};
const noUiInDomain = {
  group: [
    "react-router",
    "@react-router/*",
    "**/app/routes/**",
    "**/app/components/**",
    "react",
    "react-dom",
  ],
  message: "server/domain is UI-free: no react-router, routes or components.",
};
const noApp = {
  group: ["**/app/**", "../app/*", "../../app/*", "../../../app/*"],
  message:
    "The server and the CLIs never import app/: shared rules, texts and schemas live in core/.",
};
const coreStaysPure = {
  group: [
    "**/app/**",
    "**/server/**",
    "../app/*",
    "../server/*",
    "node:*",
    "react",
    "react-dom",
    "react-router",
    "@react-router/*",
  ],
  message:
    "core/ holds pure, isomorphic rules used by both sides: it imports neither app/ nor server/ nor Node or UI modules.",
};

/**
 * The server's own floors, as an import names them from anywhere below server/: the HTTP edge
 * (web, api) on the domain, the domain on the database and the adapters. Each fence below keeps
 * one floor from reaching up, or across into what it must only be handed.
 */
const edgeUsesTheDomain = {
  group: ["**/db/**", "**/adapters/**"],
  allowTypeImports: true,
  message:
    "The HTTP edge (server/web, server/api) calls server/domain at runtime; it may name the database's and adapters' types, never use them.",
};
const domainNeverSeesHttp = {
  group: [
    "**/server/web/**",
    "**/server/api/**",
    "../web/*",
    "../api/*",
    "../../web/*",
    "../../api/*",
  ],
  message: "server/domain never sees HTTP: it does not import server/web or server/api.",
};
const adaptersStandAlone = {
  group: ["**/domain/**", "**/web/**", "**/api/**", "**/db/**"],
  message:
    "An adapter speaks to one third party: it never imports the domain, the HTTP edge or the database.",
};
const adaptersTakeSettings = {
  group: ["**/config", "**/services"],
  allowTypeImports: true,
  message: "An adapter is handed its settings: it may name config's types, never read its values.",
};
const dbIsTheGround = {
  group: ["**/domain/**", "**/web/**", "**/api/**", "**/adapters/**", "**/config", "**/services"],
  message: "server/db is the server's ground floor: it imports nothing above it.",
};

const noProcessEnv = {
  object: "process",
  property: "env",
  message: "Read configuration through server/config.ts.",
};
const noBrowserIntl =
  "Use core/numbers.ts or core/dates.ts: the browser's Intl formats load locale data during hydration.";
const noTools =
  "The product and the operator CLIs never import tools/ (the bench and drill harness).";

export default tseslint.config(
  {
    ignores: [
      "core/paraglide/",
      "build/",
      "data/",
      ".react-router/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "bench/reports/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["public/sw.js"],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // Every text a visitor reads comes from the message catalogue (messages/), in both languages:
    // no literal text between JSX tags nor in the attributes a visitor reads or hears. The
    // operator console may stay English.
    files: ["app/components/**/*.tsx", "app/routes/**/*.tsx", "app/root.tsx"],
    ignores: ["app/components/admin/**", "app/routes/admin/**", "**/*.test.tsx"],
    plugins: { i18next },
    rules: {
      "i18next/no-literal-string": [
        "error",
        {
          mode: "jsx-only",
          "jsx-attributes": {
            include: ["aria-label", "title", "placeholder", "alt", "label", "aria-description"],
          },
          // Names, symbols and separators read the same in every language.
          words: {
            exclude: [
              "[0-9!-/:-@[-`{-~\\s·•×✕…→←↑↓★☆♥❤️—–›‹▾▴⚠✓]+",
              // One lower-case word is a key or a mode passed along (`shownError("author")`), not text.
              "[a-z][a-zA-Z]*",
              // An example address, the same in every language.
              "https?://\\S+",
              // The brand (its header logo splits it in two) and other proper names.
              "Kursusku",
              "Kursus",
              "Udemy",
              "Google",
              "Telegram",
              "Gemini",
              "Instagram",
              // Link and file attributes built inside an expression.
              "_blank",
              "noopener noreferrer",
              "kursusku\\.apk",
            ],
          },
        },
      ],
    },
  },
  {
    files: ["app/components/**/*.{ts,tsx}", "app/lib/**/*.{ts,tsx}", "app/entry.*.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns: [noServer] }] },
  },
  {
    // The root is a route module too: its loader (stripped from the browser build) may call the domain.
    files: ["app/routes/**/*.{ts,tsx}", "app/root.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns: [noDbOrAdapters] }] },
  },
  {
    files: ["server/**/*.ts", "scripts/**/*.ts", "tools/**/*.ts"],
    ignores: ["server/domain/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [noApp] }] },
  },
  {
    // tools/ is the harness around the product (bench, drills, Lighthouse, demo site, build
    // helpers): the product and its operator CLIs never depend on it; only tests may borrow it.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "scripts/**/*.ts", "core/**/*.ts"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportDeclaration[source.value=/(^|\\/)tools\\//]",
          message: noTools,
        },
        {
          selector: "ImportExpression[source.value=/(^|\\/)tools\\//]",
          message: noTools,
        },
      ],
    },
  },
  {
    files: ["server/domain/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [noUiInDomain, noApp] }] },
  },
  {
    files: ["core/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [coreStaysPure] }] },
  },
  // The server's floors (type-only imports are named where a floor may use them). Tests cross
  // them on purpose, to set up what they test.
  {
    files: ["server/web/**/*.ts", "server/api/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [edgeUsesTheDomain] }],
    },
  },
  {
    files: ["server/domain/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [domainNeverSeesHttp] }],
    },
  },
  {
    files: ["server/adapters/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [adaptersStandAlone, adaptersTakeSettings] },
      ],
    },
  },
  {
    files: ["server/db/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [dbIsTheGround] }] },
  },
  {
    // Only server/config.ts reads the environment.
    files: ["server/**/*.ts", "app/**/*.{ts,tsx}", "core/**/*.ts"],
    ignores: ["server/config.ts", "**/*.test.ts"],
    rules: { "no-restricted-properties": ["error", noProcessEnv] },
  },
  {
    // Code that runs in the browser formats numbers and dates with core/numbers.ts and
    // core/dates.ts: the first use of the browser's Intl formats (toLocaleString and friends)
    // loads its locale data inside the hydration a visitor waits on (decision 0020).
    files: ["app/**/*.{ts,tsx}", "core/**/*.ts"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-properties": [
        "error",
        noProcessEnv,
        ...["toLocaleString", "toLocaleDateString", "toLocaleTimeString", "localeCompare"].map(
          (property) => ({ property, message: noBrowserIntl }),
        ),
      ],
      "no-restricted-globals": ["error", { name: "Intl", message: noBrowserIntl }],
    },
  },
);
