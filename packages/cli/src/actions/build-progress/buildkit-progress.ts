/**
 * Follows a BuildKit build's output (`POST /build?version=2`): decodes each `moby.buildkit.trace` message
 * into the build's state (`SolveProgress`) and shows it with the chosen display (plain, tty, rawjson or
 * nothing); at the end prints BuildKit's warnings as findings (`Enginefile:3:1: warning: …`) and, for a
 * failed build, the failing step's report (`failure-report.ts`). Everything goes to standard error, as
 * `docker buildx build` prints it; standard output keeps the image ID alone.
 */
import type { JsonMessage } from "@enginekit/api";
import { SolveProgress, traceOf } from "@enginekit/build-context";
import { escapeForTerminal } from "@enginekit/node-io";
import { explainFrontendRefusal } from "./frontend-refusal.js";
import { PlainDisplay } from "./plain-display.js";
import type { ProgressMode } from "./progress-mode.js";
import { rawJsonLine } from "./rawjson-display.js";
import { StepSourceMap } from "./step-source.js";
import { explainSyntaxFailure, syntaxFrontend, syntaxNote } from "./syntax-frontend.js";
import { TtyDisplay, type TtyStream } from "./tty-display.js";

/** Options of {@link openBuildkitProgress}. */
export interface BuildkitProgressOptions {
  mode: ProgressMode;
  /** Writes to standard error. */
  stderr: (text: string) => void;
  /** The terminal for `tty` (process.stderr). */
  terminal: TtyStream;
  /** Hides secret values in text from the build (log lines, errors). */
  mask: (text: string) => string;
  /** The Enginefile, to point a failure and warnings at its lines; undefined for a remote context. */
  enginefile: { name: string; text: string } | undefined;
  /** The engine's highest API version, when known (named when its frontend refuses syntax). */
  engineApiVersion: string | undefined;
  /** The build's arguments (`BUILDKIT_SYNTAX` names a frontend image, as a `# syntax=` directive does). */
  buildArgs?: Readonly<Record<string, string | null>>;
}

/** The progress of one build: feed it every message, then `finish`. */
export interface BuildkitProgress {
  onMessage(message: JsonMessage): void;
  /**
   * Ends the display; prints the warnings and, when `failed`, the failing step's report. Resolves once
   * printed: warnings (warning-line.ts) use the linter's modules and the report (failure-report.ts) the text masking,
   * and load only when there is something to print, so a build that succeeds without warnings never
   * loads the lint rules (docs/build.md "Where the time goes").
   */
  finish(failed: boolean): Promise<void>;
  /**
   * One line replacing the engine's message when its frontend refused syntax newer than it (heredocs,
   * `COPY --link`…), naming the Enginefile line and what the engine lacks, when it could not get or start
   * a `# syntax=` frontend image, or when the engine has no default network for RUN; undefined otherwise.
   */
  explain(engineMessage: string): string | undefined;
}

/** Opens the display (a terminal display loads log-update). */
export async function openBuildkitProgress(options: BuildkitProgressOptions): Promise<BuildkitProgress> {
  const { mode, stderr, mask } = options;
  const progress = new SolveProgress();
  const display =
    mode === "plain"
      ? new PlainDisplay(stderr, mask)
      : mode === "tty"
        ? await TtyDisplay.open(progress, options.terminal, mask)
        : undefined;
  const frontend = syntaxFrontend(options.enginefile, options.buildArgs);
  if (frontend && display) stderr(`${escapeForTerminal(syntaxNote(frontend))}\n`);
  let undecodable = false;
  let finished = false;
  return {
    onMessage(message) {
      let status: ReturnType<typeof traceOf>;
      try {
        status = traceOf(message);
      } catch {
        if (!undecodable) stderr("warning: a BuildKit status message from the engine could not be decoded\n");
        undecodable = true;
        return;
      }
      if (!status) return;
      const events = progress.update(status);
      if (mode === "rawjson") stderr(rawJsonLine(status, mask));
      else display?.show(events);
    },
    async finish(failed) {
      if (finished) return;
      finished = true;
      display?.finish();
      const sources = options.enginefile && sourceLines(options.enginefile);
      if (progress.warnings.length > 0) {
        const { warningLine } = await import("./warning-line.js");
        for (const w of progress.warnings) stderr(warningLine(w, options.enginefile?.name, mask));
      }
      if (failed) {
        // the report masks secret values (@enginekit/text's redaction); loaded only here
        const { failureReport } = await import("./failure-report.js");
        stderr(failureReport(progress.list(), sources, mask));
      }
    },
    explain(engineMessage) {
      // A frontend image that cannot be got or started (its container needs the default network, which
      // --network does not change): syntax-frontend.ts.
      const unavailable = frontend && explainSyntaxFailure(engineMessage, frontend);
      if (unavailable) return escapeForTerminal(unavailable);
      // BuildKit's RUN joins the engine's default network, `bridge`; an engine started with --bridge=none
      // has none (tools/engine's test engine, checked on 20.10).
      if (engineMessage.includes("network bridge not found"))
        return `${escapeForTerminal(engineMessage)}: the engine has no bridge network (started with --bridge=none); pass --network none or --network host`;
      if (!options.enginefile) return undefined;
      const engine = options.engineApiVersion ? `API ${options.engineApiVersion}` : "this engine";
      const line = explainFrontendRefusal(engineMessage, options.enginefile, engine);
      return line === undefined ? undefined : escapeForTerminal(line);
    },
  };
}

function sourceLines(enginefile: { name: string; text: string }) {
  return {
    map: new StepSourceMap(enginefile.text),
    lines: enginefile.text.replace(/\r?\n$/, "").split(/\r?\n/),
    name: enginefile.name,
  };
}
