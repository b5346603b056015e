import { act, screen } from "@testing-library/react";

/**
 * Waits for the editor to open and settle. It appears after an asynchronous draft lookup,
 * outside act(), and its effects (the store subscription among them) run a moment later; an
 * edit made before they run is not shown until they do, so a test that edits at once and
 * checks the page at once would fail now and then.
 */
export async function editorOpened(textLabel = "Text of subtitle 1"): Promise<HTMLElement> {
  const text = await screen.findByLabelText(textLabel);
  await act(async () => undefined);
  return text;
}
