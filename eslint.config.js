import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "**/node_modules/**",
      "**/.cache/**",
      "coverage/**",
      "models/**",
      "packages/engine/native/build/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      // The API's schemas are for types here: importing them as values would bundle them.
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@verbatim/contract/api",
              message: "Import types only (import type): the schemas' code is the server's.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // No import circles in the server and packages (type-only imports excepted, as they have no
    // runtime effect): each module's dependencies point one way.
    files: ["apps/server/src/**/*.ts", "packages/*/src/**/*.ts", "apps/web/src/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          project: ["tsconfig.json", "apps/web/tsconfig.json"],
          noWarnOnMultipleProjects: true,
        }),
      ],
      // Dependencies are read with the TypeScript parser (else their imports go unseen).
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/extensions": [".ts", ".tsx", ".js"],
    },
    // Cycles among our own modules; following every import into node_modules (a third of the
    // whole lint's time) could only find cycles that cannot include our code.
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    files: ["**/*.mjs", "**/*.js"],
    languageOptions: { globals: { process: "readonly", console: "readonly" } },
  },
);
