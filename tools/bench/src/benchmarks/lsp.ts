import { EnginefileSession } from "@enginekit/language-server";
import { DockerfileLanguageServiceFactory } from "dockerfile-language-service";
import type { Benchmark } from "../benchmark.js";
import { compare, reportTarget } from "../harness.js";
import { lspCompose } from "./lsp-compose.js";
import { lspUnderLoad } from "./lsp-load.js";

/** `FROM alpine` then `lines` × `RUN echo i` (lsp-anchors §4 A, "Our measurement"). */
function plainRuns(lines: number): string {
  const out = ["FROM alpine"];
  for (let i = 1; i < lines; i++) out.push(`RUN echo ${i}`);
  return `${out.join("\n")}\n`;
}

/** The variable variant: `ARG A=1` and `RUN echo $A i`. */
function variableRuns(lines: number): string {
  const out = ["FROM alpine", "ARG A=1"];
  for (let i = 2; i < lines; i++) out.push(`RUN echo $A ${i}`);
  return `${out.join("\n")}\n`;
}

/** The mixed file: stages, ENV continuations, RUN --mount, COPY --from, heredocs (20-line block). */
const MIXED_BLOCK = (n: number) => [
  `FROM alpine:3.20 AS stage${n}`,
  `ARG VERSION=${n}`,
  "ENV PATH=/usr/local/bin:$PATH \\",
  "    LANG=C.UTF-8 \\",
  '    APP_HOME="/app"',
  "WORKDIR /app",
  "RUN --mount=type=cache,target=/var/cache/apk apk add --no-cache curl && \\",
  "    echo $VERSION",
  `COPY --from=stage${n} /app /app`,
  "RUN <<EOF",
  "set -eu",
  "echo $VERSION > /version",
  "EOF",
  "COPY --chown=app:app --chmod=0644 a.txt b.txt /app/",
  "HEALTHCHECK --interval=30s --timeout=5s CMD curl -f http://localhost/ || exit 1",
  "EXPOSE 8080/tcp",
  "USER app",
  'LABEL org.opencontainers.image.title="demo"',
  'ENTRYPOINT ["/app/run"]',
  'CMD ["--port", "8080"]',
];

function mixed(lines: number): string {
  const out: string[] = [];
  for (let n = 0; out.length < lines; n++) out.push(...MIXED_BLOCK(n));
  out.length = lines;
  return `${out.join("\n")}\n`;
}

const peer = DockerfileLanguageServiceFactory.createLanguageService();

/** Milliseconds of one call of `fn` after one warm-up call (for the peer's multi-second operations). */
async function timeOnce(fn: () => unknown): Promise<number> {
  await fn();
  const started = performance.now();
  await fn();
  return performance.now() - started;
}
const FORMAT = { insertSpaces: true, tabSize: 4 };

/** Rounds of each comparison (order rotated); targets use the median of the rounds' means. */
const ROUNDS = 3;

/** The median of `values` (NaN when empty). */
function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
}

/** The four operations measured, ours (through the server's providers, parse included) and the peer's. */
function operations(text: string) {
  const lastLine = text.split("\n").length - 2;
  const position = { line: lastLine, character: 0 };
  const cached = new EnginefileSession(text);
  return {
    validation: [
      () => new EnginefileSession(text).diagnostics(),
      () => peer.validate(text),
      () => cached.diagnostics(),
    ],
    "semantic tokens": [
      () => new EnginefileSession(text).semanticTokens(),
      () => peer.computeSemanticTokens(text),
      () => cached.semanticTokens(),
    ],
    formatting: [
      () => new EnginefileSession(text).formatting(),
      () => peer.format(text, FORMAT),
      () => cached.formatting(),
    ],
    completion: [
      () => new EnginefileSession(text).completion(position),
      () => peer.computeCompletionItems(text, position),
      () => cached.completion(position),
    ],
  } as const;
}

/**
 * Language-server latency on the research's inputs (lsp-anchors §4 A): a 4,000-line file of RUN
 * lines, the same using a variable, and an 8,000-line mixed file (plus 1,000/2,000-line sizes for the
 * growth check). Ours: a fresh parse + analysis and the server's provider per call (what the first
 * request after an edit costs); the peer: `dockerfile-language-service` called directly, as measured
 * in the research; a third row times ours on the cached parse (every request after the first for a
 * document version, since the server parses each version once). Targets (issue #7): every figure under
 * 50 ms for the 4,000-line files, ≥ 20× faster where the research marks the peer slow (semantic tokens on
 * every input, validation with variables: 0.55–31 s), and linear growth (per-line time at 16k within 1.6×
 * of 1k).
 */
export const benchmark: Benchmark = {
  name: "lsp",
  description:
    "language server: validation, semantic tokens, formatting, completion vs dockerfile-language-service; hover latency under load; Compose files",
  async run() {
    // `BENCH_LSP=load` runs only the latency under load (lsp-load.ts), `BENCH_LSP=compose` only the
    // Compose files (lsp-compose.ts), `BENCH_LSP=providers` only the Enginefile providers.
    const only = process.env.BENCH_LSP;
    if (only === undefined || only === "load") await lspUnderLoad();
    if (only === undefined || only === "compose") await lspCompose();
    if (only === "load" || only === "compose") return;
    const inputs: [string, string, boolean][] = [
      ["RUN lines, 4,000", plainRuns(4000), true],
      ["RUN lines with a variable, 4,000", variableRuns(4000), true],
      ["mixed, 8,000", mixed(8000), false],
    ];
    for (const [label, text, under50] of inputs) {
      for (const [op, [ours, theirs, warm]] of Object.entries(operations(text))) {
        // The peer's semantic tokens (and validation with variables) take seconds to tens of seconds per
        // call on these files (lsp-anchors §4 A): time one call after one warm-up instead of many.
        const peerIsSlow =
          op === "semantic tokens" || (op === "validation" && !label.startsWith("RUN lines,"));
        const contenders = [
          { name: "@enginekit/language-server", fn: ours },
          ...(peerIsSlow ? [] : [{ name: "dockerfile-language-service", fn: theirs }]),
          { name: "ours, parse cached (later requests)", fn: warm },
        ];
        // The harness times contenders one after another; on the shared, loaded machine a busy moment
        // biases whoever runs in it, so each comparison runs ROUNDS times with the order rotated and the
        // targets use each contender's median (as the secrets benchmark does).
        const means = new Map<string, number[]>();
        for (let round = 1; round <= ROUNDS; round++) {
          const shift = (round - 1) % contenders.length;
          const rows = await compare(
            `${op}: ${label} lines (round ${round}/${ROUNDS})`,
            [...contenders.slice(shift), ...contenders.slice(0, shift)],
            { timeMs: 500, iterations: 5 },
          );
          for (const row of rows) means.set(row.name, [...(means.get(row.name) ?? []), row.meanMs]);
        }
        const medianOf = (name: string) => median(means.get(name) ?? []);
        const oursMs = medianOf("@enginekit/language-server");
        const peerMs = peerIsSlow ? await timeOnce(theirs) : medianOf("dockerfile-language-service");
        console.log(
          `median of ${ROUNDS} rounds: ours ${oursMs.toFixed(2)} ms, parse cached ${medianOf("ours, parse cached (later requests)").toFixed(2)} ms` +
            (peerIsSlow ? "" : `, dockerfile-language-service ${peerMs.toFixed(2)} ms`),
        );
        if (peerIsSlow)
          console.log(`dockerfile-language-service: ${peerMs.toFixed(1)} ms (one call after one warm-up)`);
        if (under50) reportTarget(`${op} under 50 ms (${label})`, oursMs < 50, `${oursMs.toFixed(2)} ms`);
        // The 20× target is for the figures where the research marks the peer slow (lsp-anchors §4 A, in
        // bold: semantic tokens 1.7–31 s, validation with variables 0.55 s); other ratios are printed.
        const researchMarksSlow =
          op === "semantic tokens" || (op === "validation" && label.startsWith("RUN lines with a variable"));
        if (researchMarksSlow)
          reportTarget(
            `${op} ≥ 20× the peer (${label})`,
            peerMs / oursMs >= 20,
            `${(peerMs / oursMs).toFixed(1)}×`,
          );
        else
          console.log(
            `ratio to the peer: ${(peerMs / oursMs).toFixed(1)}× (not a target: the research does not mark the peer slow here)`,
          );
      }
    }
    console.log("\n## linear growth (mixed file, validation + semantic tokens, microseconds per line)\n");
    const perLine: number[] = [];
    for (const lines of [1000, 2000, 4000, 8000, 16000]) {
      const text = mixed(lines);
      const ops = operations(text);
      const [row] = await compare(`ours, mixed ${lines} lines`, [
        {
          name: "validation + semantic tokens",
          fn: () => [ops.validation[0](), ops["semantic tokens"][0]()],
        },
      ]);
      perLine.push(((row?.meanMs ?? Number.NaN) * 1000) / lines);
      console.log(`${String(lines).padStart(6)} lines  ${perLine.at(-1)?.toFixed(2)} µs/line`);
    }
    const first = perLine[0] ?? 1;
    const last = perLine.at(-1) ?? 1;
    reportTarget(
      "linear growth (µs/line at 16k within 1.6× of 1k)",
      last <= first * 1.6,
      `${first.toFixed(2)} → ${last.toFixed(2)} µs/line`,
    );
  },
};
