/**
 * The app is written against React's API and runs on Preact's compatibility layer: the same
 * components, hooks and libraries (React Router, Radix, TanStack Query, react-i18next) for about
 * a fifth of react-dom's bytes, which is what lets a first visit stay within its JavaScript
 * budget. Every build that renders the app uses these: the browser bundle, the prerendering of
 * the public pages (so the HTML is what the browser hydrates) and the web app's tests.
 *
 * "react" also covers "react/jsx-runtime", and "react-dom" covers "react-dom/client" and
 * "react-dom/server": Preact's compat package exports each of those paths.
 */
export const PREACT_ALIASES = {
  react: "preact/compat",
  "react-dom": "preact/compat",
};

/**
 * The libraries the app and its tests use that import React themselves, and Preact's own entry
 * points: the web tests have Vite bundle these (with the aliases) so that one Preact instance
 * serves the test, the libraries and the app.
 */
export const REACT_LIBRARIES = [
  "@testing-library/react",
  "react-router",
  "react-i18next",
  "@tanstack/react-query",
  "react-hook-form",
  "@hookform/resolvers/zod",
  "@radix-ui/react-accordion",
  "@radix-ui/react-dialog",
  "@radix-ui/react-dropdown-menu",
  "@radix-ui/react-slot",
  "@radix-ui/react-toast",
  "preact",
  "preact/compat",
  "preact/compat/client",
  "preact/hooks",
  "preact/jsx-runtime",
];
