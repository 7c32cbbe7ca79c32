import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** The database is reached through models (and db/ itself): routes, utils and components never write SQL. */
const databaseImports = {
  paths: [
    { name: "drizzle-orm", message: "Only app/models and app/db query the database: call a model function." },
    { name: "postgres", message: "Only app/db opens the database." },
  ],
  patterns: [
    {
      group: ["~/db/*", "~/db/**", "drizzle-orm/*"],
      message: "Only app/models and app/db query the database: call a model function.",
      allowTypeImports: true,
    },
    { group: ["@electric-sql/pglite", "@electric-sql/pglite/*"], message: "Only app/db opens the database." },
  ],
};

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "public/**",
      "node_modules/**",
      "tests/.tmp/**",
      "test-results/**",
      "playwright-report/**",
      ".cache/**",
      "data/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
      // Playwright fixtures destructure nothing from their first argument by design.
      "no-empty-pattern": "off",
    },
  },
  {
    files: ["app/**/*.tsx", "app/hooks/**/*.ts", "tests/unit/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/models/**", "app/db/**", "app/jobs/**", "app/entry.server.tsx"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", databaseImports] },
  },
  {
    // Background jobs run models; from app/db they may reach only the job queue.
    files: ["app/jobs/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          ...databaseImports,
          patterns: [
            { ...databaseImports.patterns[0], group: [...databaseImports.patterns[0].group, "!~/db/queue.server"] },
            databaseImports.patterns[1],
          ],
        },
      ],
    },
  },
);
