import "@testing-library/jest-dom/vitest";
import { onlineManager } from "@tanstack/react-query";
import { cleanup, configure } from "@testing-library/react";
import { options } from "preact";
import { afterEach } from "vitest";

// The app runs on Preact (see apps/web/build-plugins/preact-aliases.ts), which runs effects
// after the next frame, on a timer. Tests that fake timers would otherwise stall them: here
// they run once the current task is done, as they do within a frame in the browser.
options.requestAnimationFrame = (flush) => queueMicrotask(flush);

// findBy… and waitFor wait up to 5 s, not Testing Library's 1 s: on a busy two-core machine a
// first render that imports the app's chunks took longer than a second, and a test failed that
// waits for what does appear (user-menu.test.tsx under load). A test that waits for something
// that never comes still fails, five seconds later.
configure({ asyncUtilTimeout: 5_000 });

// Test files share a worker's modules (vitest.config.ts: not isolated), so what a test changes
// in a module-wide singleton is put back here. React Query's online state follows the window's
// "offline" and "online" events: a test that goes offline would leave every later query paused.
afterEach(() => {
  cleanup();
  localStorage.clear();
  onlineManager.setOnline(true);
});

// jsdom has no pointer capture; Radix's swipeable toast calls it when its buttons are clicked.
if (typeof Element !== "undefined" && !("hasPointerCapture" in Element.prototype)) {
  Object.assign(Element.prototype, {
    hasPointerCapture: () => false,
    setPointerCapture: () => undefined,
    releasePointerCapture: () => undefined,
  });
}
