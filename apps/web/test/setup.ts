import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { options } from "preact";
import { afterEach } from "vitest";

// The app runs on Preact (see apps/web/build-plugins/preact-aliases.ts), which runs effects
// after the next frame, on a timer. Tests that fake timers would otherwise stall them: here
// they run once the current task is done, as they do within a frame in the browser.
options.requestAnimationFrame = (flush) => queueMicrotask(flush);

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom has no pointer capture; Radix's swipeable toast calls it when its buttons are clicked.
if (typeof Element !== "undefined" && !("hasPointerCapture" in Element.prototype)) {
  Object.assign(Element.prototype, {
    hasPointerCapture: () => false,
    setPointerCapture: () => undefined,
    releasePointerCapture: () => undefined,
  });
}
