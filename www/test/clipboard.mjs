// The share link the page copies, read once it is there: the copy is done in the engine's worker
// and lands a moment after the click. (Playwright's waitForFunction does not wait for an async
// predicate's promise: a pending readText() counted as true.)
export function clipboardLink(page, timeoutMs = 20_000) {
  return page.evaluate(async (timeoutMs) => {
    const end = performance.now() + timeoutMs;
    while (performance.now() < end) {
      const text = await navigator.clipboard.readText();
      if (text.includes("#s=")) return text;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error("no share link reached the clipboard");
  }, timeoutMs);
}
