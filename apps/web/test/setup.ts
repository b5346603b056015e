import "@testing-library/jest-dom/vitest";
import { onlineManager } from "@tanstack/react-query";
import { cleanup } from "@testing-library/react";
import { options } from "preact";
import { afterEach } from "vitest";

// The app runs on Preact (see apps/web/build-plugins/preact-aliases.ts), which runs effects
// after the next frame, on a timer. Tests that fake timers would otherwise stall them: here
// they run once the current task is done, as they do within a frame in the browser.
options.requestAnimationFrame = (flush) => queueMicrotask(flush);

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
