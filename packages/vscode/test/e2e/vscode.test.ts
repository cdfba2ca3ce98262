import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type Finding, lintFiles } from "@enginekit/lint/files";
import { type DevServer, startDevServer } from "@enginekit/secrets-dev-server";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skipIf } from "../../../../vitest.shared.js";
import { CODE_SERVER_DIR, type CodeServer, codeServerEntry, startCodeServer, VSIX } from "./code-server.js";
import {
  chord,
  hoverAt,
  hoverText,
  openFile,
  problemCounts,
  problemRows,
  runCommand,
  statusItemText,
  suggestions,
  until,
} from "./workbench.js";

/**
 * End to end in a real VS Code (code-server, driven by Debian's Chromium through puppeteer-core): the
 * built `.vsix` is installed, a copy of `examples/` opened, and the test asserts what a person sees —
 * the status bar's problem counts and the Problems panel's messages (both compared with what the linter
 * itself finds in the same files), the suggest widget, a hover, colouring, and the "Lint Workspace"
 * command; in a Compose project (compose.yaml and docker-compose.override.yml), the linter's findings at
 * their lines, Go to Definition (F12) and Rename Symbol (F2) across both files. Screenshots go to `test-artifacts/` (gitignored). Needs scripts/install-code-server.mjs to
 * have run; in CI a missing piece fails the run.
 */

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "../../../..");
const artifacts = resolve(here, "../../test-artifacts");
const CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));
const missing = [
  ...(codeServerEntry()
    ? []
    : [
        `code-server in ${CODE_SERVER_DIR} (node_modules/node/bin/node packages/vscode/scripts/install-code-server.mjs)`,
      ]),
  ...(existsSync(VSIX) ? [] : [`the built extension ${VSIX} (build @enginekit/vscode)`]),
  ...(CHROMIUM ? [] : ["chromium (Debian package chromium)"]),
];
if (missing.length > 0 && process.env.CI)
  throw new Error(`the VS Code end-to-end test needs ${missing.join(", ")}`);

/** Problems a VS Code user sees for findings: every severity but `style` (a hint, not listed). */
function listed(findings: readonly Finding[]): Finding[] {
  return findings.filter((f) => f.severity !== "style");
}

function countsOf(findings: readonly Finding[]) {
  const n = (s: string) => findings.filter((f) => f.severity === s).length;
  return { errors: n("error"), warnings: n("warning"), infos: n("info") };
}

describe(
  "VS Code (code-server) with the enginekit .vsix",
  skipIf(missing.length > 0, `needs ${missing.join(", ")}`),
  () => {
    let root: string;
    let folder: string;
    let server: CodeServer | undefined;
    let browser: Browser | undefined;
    let dev: DevServer | undefined;
    let page: Page;
    const shot = (name: string) => page.screenshot({ path: join(artifacts, `${name}.png`) });

    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), "enginekit-vscode-"));
      folder = join(root, "examples");
      cpSync(join(repo, "examples"), folder, { recursive: true });
      // a Compose project of compose.yaml and docker-compose.override.yml (the language server's test project)
      cpSync(join(repo, "packages/language-server/test/compose-project"), join(folder, "compose"), {
        recursive: true,
      });
      rmSync(artifacts, { recursive: true, force: true });
      mkdirSync(artifacts, { recursive: true });
      dev = await startDevServer({});
      server = await startCodeServer({
        root,
        folder,
        vsix: VSIX,
        timeoutMs: 30_000,
        env: { SVC_ADDR: dev.address, SVC_TOKEN: dev.rootToken, HOME: root },
      });
      browser = await puppeteer.launch({
        executablePath: CHROMIUM!,
        headless: true,
        args: [
          "--no-sandbox",
          "--disable-gpu",
          "--disable-quic",
          "--no-first-run",
          "--disable-background-networking",
          "--disable-component-update",
          "--disable-sync",
          `--user-data-dir=${join(root, "chromium")}`,
        ],
        defaultViewport: { width: 1280, height: 800 },
      });
      page = await browser.newPage();
      await page.goto(server.url);
      await page.waitForSelector(".monaco-workbench .part.editor", { timeout: 45_000 });
      await page.waitForSelector("#status\\.problems", { timeout: 20_000 });
    }, 100_000);

    afterAll(async () => {
      if (page && server) await shot("last").catch(() => undefined);
      await browser?.close().catch(() => undefined);
      await server?.stop();
      await dev?.close();
      if (root) rmSync(root, { recursive: true, force: true });
    });

    it("shows the linter's problems of an opened Enginefile in the status bar and the Problems panel", async () => {
      const path = join(folder, "enginefiles/web/Enginefile");
      const [result] = await lintFiles([path], { cwd: folder, workers: 0 });
      const expected = listed(result!.findings);
      expect(expected.length).toBeGreaterThan(3);

      await openFile(page, "enginefiles/web/Enginefile");
      await until(
        () => page.$eval("#status\\.editor\\.mode", (e) => e.textContent?.trim() ?? "").catch(() => ""),
        (mode) => mode === "Enginefile",
        10_000,
        "the language mode Enginefile in the status bar",
      );
      const counts = await until(
        () => problemCounts(page),
        (c) => c.errors + c.warnings + c.infos > 0,
        40_000,
        "diagnostics in the status bar",
      );
      await shot("1-diagnostics");
      expect({ errors: counts.errors, warnings: counts.warnings, infos: counts.infos }, counts.label).toEqual(
        countsOf(expected),
      );

      await chord(page, "Control+Shift+M");
      const rows = await until(
        () => problemRows(page),
        (r) => r.length > 3,
        10_000,
        "the Problems panel",
      );
      await shot("2-problems");
      // the list is virtual: the header and the rows that fit are in the page
      expect(rows[0]).toBe(`${expected.length} problems in file Enginefile of folder enginefiles/web`);
      const messages = expected.map((f) => f.message);
      for (const row of rows.slice(1))
        expect(
          messages.some((m) => row.includes(m)),
          row,
        ).toBe(true);
      expect(rows.find((r) => r.includes('No stage named "biuld"'))).toMatch(
        /^Error: .* at line 14 .*enginekit/,
      );
    });

    it("colours the Enginefile (TextMate at once, then the server's semantic tokens)", async () => {
      const classes = await page.$$eval(".view-line span span", (spans) =>
        spans.filter((s) => s.textContent === "FROM").map((s) => s.className),
      );
      expect(classes.length).toBeGreaterThan(0);
      // a themed token has a colour class other than the default foreground (mtk1)
      for (const c of classes) expect(c).not.toBe("mtk1");
    });

    /**
     * Types `typed` on a new last line, opens the suggest widget, saves a screenshot and returns the visible
     * items; the typed line is deleted afterwards, so the file is as on disk again.
     */
    async function completeOnNewLine(typed: string, screenshot: string): Promise<string[]> {
      await page.click(".monaco-editor .view-lines");
      await chord(page, "Control+End");
      await page.keyboard.press("Enter");
      if (typed !== "") await page.keyboard.type(typed);
      await chord(page, "Control+Space");
      const items = await until(
        () => suggestions(page),
        (s) => s.length > 0,
        15_000,
        "the suggest widget",
      );
      await shot(screenshot);
      await page.keyboard.press("Escape");
      await chord(page, "Control+Shift+K");
      return items;
    }

    it("completes flags after RUN -- in the suggest widget", async () => {
      const items = await completeOnNewLine("RUN --", "3-completion");
      expect(items).toContain("--mount");
      expect(items).toContain("--network");
    });

    it("completes instructions on an empty line in the suggest widget, most written first", async () => {
      const items = await completeOnNewLine("", "3b-completion-empty-line");
      // a new last line inside a stage: RUN, COPY, ENV at the top (the server's sortText), and the
      // deprecated MAINTAINER, ranked last, is not among the rows the widget shows
      expect(items.slice(0, 3)).toEqual(["RUN", "COPY", "ENV"]);
      expect(items).not.toContain("MAINTAINER");
    });

    it("shows a hover with the instruction's documentation", async () => {
      await hoverAt(page, 12, 2);
      const text = await until(
        () => hoverText(page),
        (t) => t.includes("MAINTAINER"),
        15_000,
        "a hover",
      );
      await shot("4-hover");
      expect(text).toMatch(/deprecated/i);
      await page.keyboard.press("Escape");
    });

    it("shows the secrets service connection in the status bar: connected, then unreachable", async () => {
      // Hovers the reference until the secrets item satisfies `done`, again every 5 s: a hover asked
      // before the server has the just-opened file answers nothing and looks nothing up (seen once in CI).
      const hoverUntil = async (line: number, column: number, done: (text: string) => boolean) => {
        const deadline = Date.now() + 25_000;
        for (;;) {
          await hoverAt(page, line, column);
          const text = await until(
            () => statusItemText(page, "secrets"),
            done,
            5_000,
            "the secrets item",
          ).catch((error: unknown) => {
            if (Date.now() > deadline) throw error;
            return undefined;
          });
          if (text !== undefined) return text;
          await page.keyboard.press("Escape");
        }
      };
      await openFile(page, "manifests/web.container.yaml");
      expect(await statusItemText(page, "secrets")).toBe(""); // no lookup yet
      // the 1-based line of `  - SESSION_KEY=svc:secret/data/web/session#key` in the example
      const example = readFileSync(join(folder, "manifests", "web.container.yaml"), "utf8").split("\n");
      const line = example.findIndex((l) => l.includes("SESSION_KEY=svc:")) + 1;
      expect(line).toBeGreaterThan(0);
      const connected = await hoverUntil(line, 30, (t) => t !== "");
      await shot("5-secrets-connected");
      expect(connected).toBe("secrets");
      await page.keyboard.press("Escape");
      await dev!.close();
      dev = undefined;
      // the server reuses answers for 5 s (SECRET_CACHE_TTL_MS); then the lookup meets a closed port
      await new Promise((r) => setTimeout(r, 5_500));
      const down = await hoverUntil(line, 31, (t) => t.includes("unreachable"));
      await shot("6-secrets-unreachable");
      expect(down).toBe("secrets: unreachable");
      await page.keyboard.press("Escape");
    });

    it("Lint Workspace lists the problems of every Enginefile, manifest and ignore file", async () => {
      // the files `enginekit lint .` lints in a walk, each kind with problems to list
      const results = await lintFiles([folder], { cwd: folder, workers: 0 });
      const expected = countsOf(results.flatMap((r) => listed(r.findings)));
      for (const kind of ["enginefile", "manifest", "ignorefile"])
        expect(
          results.some((r) => r.kind === kind && listed(r.findings).length > 0),
          kind,
        ).toBe(true);
      await runCommand(page, "enginekit: Lint Workspace");
      const counts = await until(
        () => problemCounts(page),
        (c) => c.errors === expected.errors && c.warnings === expected.warnings && c.infos === expected.infos,
        40_000,
        `the whole workspace's problems (${JSON.stringify(expected)})`,
      );
      await shot("7-lint-workspace");
      expect(counts.errors).toBe(expected.errors);
    });

    it("Restart Language Server starts a new server that diagnoses the open files again", async () => {
      const before = await problemCounts(page);
      await runCommand(page, "enginekit: Restart Language Server");
      // the old client's diagnostics go with it; the new server pushes them again for every open file
      await until(
        () => problemCounts(page),
        (c) => c.errors < before.errors,
        20_000,
        "the old diagnostics to clear",
        40, // polled often: the gap lasts about as long as the new server takes to start
      );
      // every open file's, ignore files' too (their folder is listed first, so they may come last)
      const after = await until(
        () => problemCounts(page),
        (c) => c.label === before.label,
        30_000,
        "the new server's diagnostics",
      );
      await shot("8-restarted");
      expect(after.label).toBe(before.label);
    });

    /** The text of the active editor, as shown (the view lines; non-breaking spaces as spaces). */
    const editorText = () =>
      page
        .$$eval(".editor-group-container.active .monaco-editor .view-line", (lines) =>
          lines
            .filter((l) => !l.closest(".rename-box"))
            .map((l) => ({
              top: Number.parseFloat((l as unknown as { style: { top: string } }).style.top),
              text: l.textContent ?? "",
            }))
            .sort((a, b) => a.top - b.top)
            .map((l) => l.text.replace(/\u00a0/g, " "))
            .join("\n"),
        )
        .catch(() => "");

    /** Moves the cursor to `line:column` (Ctrl+G). */
    const goTo = async (line: number, column: number) => {
      await chord(page, "Control+G");
      await page.waitForSelector(".quick-input-widget input", { visible: true });
      await page.keyboard.type(`${line}:${column}`);
      await page.keyboard.press("Enter");
    };

    it("Compose: the linter's findings of compose.yaml and docker-compose.override.yml at their lines", async () => {
      const project = join(folder, "compose");
      const linted = await lintFiles([project], { cwd: project, workers: 0 });
      await openFile(page, "compose/compose.yaml");
      await until(
        () => page.$eval("#status\\.editor\\.mode", (e) => e.textContent?.trim() ?? "").catch(() => ""),
        // VS Code's own language for Compose files (id dockercompose); the extension serves it
        (mode) => mode === "Compose",
        10_000,
        "the language mode Compose in the status bar",
      );
      await openFile(page, "compose/docker-compose.override.yml");
      await chord(page, "Control+Shift+M");
      // the panel's list is virtual and holds the whole workspace's problems: filter it to the project
      const filter = 'input[placeholder^="Filter (e.g. text"]';
      await page.waitForSelector(filter, { visible: true, timeout: 10_000 });
      await page.click(filter);
      await page.keyboard.type("**/compose/*");
      for (const result of linted) {
        const name = result.path.slice(result.path.lastIndexOf("/") + 1);
        for (const finding of listed(result.findings)) {
          const row = await until(
            () => problemRows(page).then((rows) => rows.find((r) => r.includes(finding.message)) ?? ""),
            (r) => r !== "",
            40_000,
            `the problem "${finding.message}" of ${name}`,
          );
          expect(row).toMatch(
            new RegExp(
              `^Error: .* at line ${finding.range.start.line + 1} and character ${finding.range.start.character + 1}\\. .*enginekit`,
            ),
          );
        }
      }
      await shot("10-compose-problems");
      await page.click(filter);
      await chord(page, "Control+A");
      await page.keyboard.press("Backspace");
    });

    it("Compose: Go to Definition (F12) on a service in depends_on shows its definitions in both files", async () => {
      await openFile(page, "compose/compose.yaml");
      const lines = readFileSync(join(folder, "compose", "compose.yaml"), "utf8").split("\n");
      const line = lines.findIndex((l) => l.includes("depends_on: [db]")) + 1;
      await goTo(line, lines[line - 1]!.indexOf("[db]") + 2);
      await page.keyboard.press("F12");
      // two definitions: VS Code peeks them; the list names each file
      const peeked = await until(
        () =>
          page.$$eval(".peekview-widget .ref-tree .monaco-list-row", (rows) =>
            rows.map((r) => r.getAttribute("aria-label") ?? r.textContent ?? ""),
          ),
        (rows) => rows.length >= 2,
        15_000,
        "the definitions in a peek view",
      );
      await shot("11-compose-definition");
      expect(peeked.join(" | ")).toMatch(/compose\.yaml/);
      expect(peeked.join(" | ")).toMatch(/docker-compose\.override\.yml/);
      await page.keyboard.press("Escape");
    });

    it("Compose: Rename Symbol (F2) renames the service in compose.yaml and docker-compose.override.yml", async () => {
      await openFile(page, "compose/compose.yaml");
      const lines = readFileSync(join(folder, "compose", "compose.yaml"), "utf8").split("\n");
      const line = lines.findIndex((l) => l.includes("depends_on: [db]")) + 1;
      await goTo(line, lines[line - 1]!.indexOf("[db]") + 2);
      await page.keyboard.press("F2");
      // type only once the rename box has the focus (it opens after the server's prepareRename answer,
      // with the name selected)
      await until(
        () =>
          page.evaluate(() => {
            const { document } = globalThis as unknown as {
              document: { activeElement: { closest(selector: string): unknown } | null };
            };
            return document.activeElement?.closest(".rename-box") != null;
          }),
        (focused) => focused,
        10_000,
        "the rename box to take the focus",
      );
      await page.keyboard.type("database");
      await shot("12a-compose-rename-box");
      await page.keyboard.press("Enter");
      await until(
        () => page.$(".rename-box input").then((e) => e?.isVisible() ?? false),
        (visible) => !visible,
        10_000,
        "the rename box to close",
      ).catch(() => shot("12b-compose-rename-box-open"));
      const renamed = await until(
        editorText,
        (t) => t.includes("depends_on: [database]"),
        15_000,
        "the rename in compose.yaml",
      );
      await shot("12-compose-renamed");
      expect(renamed).toContain("  database:");
      await openFile(page, "compose/docker-compose.override.yml");
      const override = await until(
        editorText,
        (t) => t.includes("links: [database]"),
        15_000,
        "the rename in the override file",
      );
      expect(override).toContain("  database:");
      await shot("13-compose-override-renamed");
    });

    it("shows what an ignore pattern matches in its folder on hover", async () => {
      await openFile(page, "build/.engineignore");
      const lines = readFileSync(join(folder, "build", ".engineignore"), "utf8").split("\n");
      await hoverAt(page, lines.indexOf("app/node_modules") + 1, 3);
      const text = await until(
        () => hoverText(page),
        (t) => t.includes("build context"),
        15_000,
        "the pattern's hover",
      );
      await shot("9-ignore-hover");
      // app/node_modules, its left-pad folder and index.js
      expect(text).toContain("Excludes 3 paths of this build context");
      await page.keyboard.press("Escape");
    });
  },
);
