import type { Page } from "puppeteer-core";

/**
 * What a person does and sees in the VS Code workbench, through Chromium: key chords, Quick Open, the
 * command palette, the status bar's problem counts, the Problems panel, the suggest widget and the hover.
 * Selectors are the workbench's own element ids and classes (`#status.problems`, `.markers-panel`,
 * `.suggest-widget`, `.monaco-hover`), as VS Code's smoke tests use them.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Presses a chord such as `Control+Shift+M` (modifiers held, last key pressed). */
export async function chord(page: Page, keys: string): Promise<void> {
  const parts = keys.split("+") as Parameters<Page["keyboard"]["press"]>[0][];
  const last = parts.pop()!;
  for (const key of parts) await page.keyboard.down(key);
  await page.keyboard.press(last);
  for (const key of parts.reverse()) await page.keyboard.up(key);
}

/** Polls `read` every `intervalMs` until `done` holds for its value, or throws after `timeoutMs` with the last value. */
export async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
  what: string,
  intervalMs = 250,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value)) {
    if (Date.now() > deadline)
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what}; last seen: ${JSON.stringify(value)}`,
      );
    await sleep(intervalMs);
    value = await read();
  }
  return value;
}

/**
 * Opens a workspace file with Quick Open (Ctrl+P), as a person would. The first result must be the file
 * before Enter (Enter on a stale list opens another one); a query asked before the workbench has
 * indexed the folder may find nothing, so Quick Open is asked again, three times at most.
 */
export async function openFile(page: Page, relativePath: string): Promise<void> {
  const name = relativePath.slice(relativePath.lastIndexOf("/") + 1);
  const firstResult = () =>
    page
      .$eval('.quick-input-list .monaco-list-row[data-index="0"]', (r) => r.getAttribute("aria-label") ?? "")
      .catch(() => "");
  for (let attempt = 1; ; attempt++) {
    await chord(page, "Control+P");
    await page.waitForSelector(".quick-input-widget input", { visible: true });
    await page.keyboard.type(relativePath);
    const offered = await until(
      firstResult,
      (r) => r.includes(name),
      8_000,
      `Quick Open to offer ${relativePath}`,
    ).then(
      () => true,
      (error: unknown) => {
        if (attempt >= 3) throw error;
        return false;
      },
    );
    if (offered) break;
    await page.keyboard.press("Escape");
  }
  await page.keyboard.press("Enter");
  await until(
    () => page.$$eval(".tab.active", (tabs) => tabs.map((t) => t.getAttribute("aria-label") ?? "")),
    (tabs) => tabs.some((t) => t.startsWith(name)),
    10_000,
    `the editor tab of ${name}`,
  );
}

/** Runs a command by its title through the command palette (F1). */
export async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press("F1");
  await page.waitForSelector(".quick-input-widget input", { visible: true });
  await page.keyboard.type(title);
  await until(
    () => page.$$eval(".quick-input-list .monaco-list-row", (rows) => rows.map((r) => r.textContent ?? "")),
    (rows) => rows.some((r) => r.includes(title)),
    10_000,
    `the command "${title}" in the palette`,
  );
  await page.keyboard.press("Enter");
}

/** Problem counts of the status bar (`#status.problems`), e.g. `{ errors: 6, warnings: 4, infos: 1 }`. */
export async function problemCounts(
  page: Page,
): Promise<{ errors: number; warnings: number; infos: number; label: string }> {
  const label =
    (await page.$eval("#status\\.problems", (e) => e.getAttribute("aria-label") ?? "").catch(() => "")) ?? "";
  const count = (word: string) => Number(new RegExp(`${word}s?: (\\d+)`, "i").exec(label)?.[1] ?? 0);
  return { errors: count("Error"), warnings: count("Warning"), infos: count("Info"), label };
}

/** The rows of the Problems panel (their accessible labels: severity, message, position, source). */
export function problemRows(page: Page): Promise<string[]> {
  return page.$$eval(".markers-panel .monaco-list-row", (rows) =>
    rows.map((r) => r.getAttribute("aria-label") ?? ""),
  );
}

/** The labels of the visible suggest widget's rows. */
export function suggestions(page: Page): Promise<string[]> {
  // rows in the order shown (the list's `data-index`), not the order of the DOM nodes
  return page.$$eval(".suggest-widget.visible .monaco-list-row", (rows) =>
    rows
      .map((r) => ({
        index: Number(r.getAttribute("data-index") ?? 0),
        label: r.querySelector(".label-name")?.textContent?.trim() ?? "",
      }))
      .sort((a, b) => a.index - b.index)
      .map((r) => r.label),
  );
}

/** The text of the visible hover. */
export function hoverText(page: Page): Promise<string> {
  return page.$$eval(".monaco-hover:not(.hidden) .monaco-hover-content", (es) =>
    es.map((e) => e.textContent ?? "").join("\n"),
  );
}

/** The text of the status bar item whose accessible name or text mentions `word` (empty when none shows). */
export function statusItemText(page: Page, word: string): Promise<string> {
  return page.$$eval(
    ".statusbar-item",
    (items, w) =>
      items
        .filter(
          (i) =>
            (i as unknown as { offsetParent: unknown }).offsetParent !== null &&
            (i.textContent ?? "").includes(w),
        )
        .map((i) => i.textContent?.trim() ?? "")
        .join(" | "),
    word,
  );
}

/** Moves the cursor to `line:column` (Ctrl+G) and shows the hover there (Ctrl+K Ctrl+I). */
export async function hoverAt(page: Page, line: number, column: number): Promise<void> {
  await chord(page, "Control+G");
  await page.waitForSelector(".quick-input-widget input", { visible: true });
  await page.keyboard.type(`${line}:${column}`);
  await page.keyboard.press("Enter");
  await chord(page, "Control+K");
  await chord(page, "Control+I");
}
