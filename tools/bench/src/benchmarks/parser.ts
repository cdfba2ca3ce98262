// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the synthetic file is Enginefile text, where ${…} is literal
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "@enginekit/enginefile";
import { DockerfileParser } from "dockerfile-ast";
import type { Benchmark } from "../benchmark.js";
import { compare, reportTarget } from "../harness.js";

/** `<repo root>/corpus/enginefiles/files` (the repository's test corpus: corpus/NOTICE.md). */
const corpusFiles = resolve(dirname(fileURLToPath(import.meta.url)), "../../../../corpus/enginefiles/files");

function loadCorpus(): string[] {
  return readdirSync(corpusFiles)
    .filter((f) => f !== "manifest.tsv")
    .sort()
    .map((f) => readFileSync(join(corpusFiles, f), "utf8"));
}

/** A representative 20-line block: stages, flags, continuations, ENV/LABEL/ARG pairs, JSON forms, a heredoc. */
const BLOCK = [
  "# syntax comment",
  "ARG BASE=debian:bookworm-slim",
  "FROM --platform=$BUILDPLATFORM ${BASE} AS build",
  'ENV PATH=/usr/local/bin:$PATH LANG="C.UTF-8"',
  'LABEL org.opencontainers.image.title="demo" version=1.0',
  "RUN --mount=type=cache,target=/var/cache/apt apt-get update && \\",
  "    apt-get install -y --no-install-recommends curl ca-certificates git \\",
  "    && rm -rf /var/lib/apt/lists/*",
  "WORKDIR /src",
  "COPY --chown=app:app --chmod=0644 package.json package-lock.json ./",
  "RUN <<EOF",
  "set -eu",
  "npm ci --omit=dev",
  "EOF",
  "COPY --from=build /src/dist /app",
  "EXPOSE 8080/tcp",
  "HEALTHCHECK --interval=30s --timeout=5s CMD curl -f http://localhost:8080/ || exit 1",
  "USER app:app",
  'ENTRYPOINT ["node", "/app/server.js"]',
  'CMD ["--port", "8080"]',
];

/** A synthetic Enginefile of exactly `lines` lines built from {@link BLOCK}. */
function synthetic(lines: number): string {
  const out: string[] = [];
  while (out.length < lines) out.push(...BLOCK);
  out.length = lines;
  // never end inside the heredoc or a continuation
  out.push("EOF", "CMD true");
  return `${out.join("\n")}\n`;
}

function bytes(texts: string[]): number {
  return texts.reduce((n, t) => n + Buffer.byteLength(t), 0);
}

/**
 * Parser throughput: the real-world corpus and synthetic files of 1k/5k/10k/20k lines, parsed by
 * `@enginekit/enginefile` `parse()` and by `dockerfile-ast` `DockerfileParser.parse()` in the same run.
 * Target: at least 2× dockerfile-ast's throughput; time per line roughly constant (linear growth).
 */
export const benchmark: Benchmark = {
  name: "parser",
  description: "Enginefile parser vs dockerfile-ast: real-world corpus and synthetic 1k-20k line files",
  async run() {
    const corpus = loadCorpus();
    const corpusBytes = bytes(corpus);
    const rows = await compare(
      `real-world corpus (${corpus.length} files, ${corpusBytes} bytes)`,
      [
        { name: "@enginekit/enginefile", fn: () => corpus.map((t) => parse(t)) },
        { name: "dockerfile-ast", fn: () => corpus.map((t) => DockerfileParser.parse(t)) },
      ],
      {
        units: [
          { name: "bytes", perCall: corpusBytes },
          { name: "files", perCall: corpus.length },
        ],
      },
    );
    const corpusRatio = (rows[1]?.meanMs ?? 0) / (rows[0]?.meanMs ?? 1);

    const perLine: { lines: number; ours: number; peer: number }[] = [];
    let tenKRatio = 0;
    for (const lines of [1000, 5000, 10000, 20000]) {
      const text = synthetic(lines);
      const size = Buffer.byteLength(text);
      const r = await compare(
        `synthetic ${lines} lines (${size} bytes)`,
        [
          { name: "@enginekit/enginefile", fn: () => parse(text) },
          { name: "dockerfile-ast", fn: () => DockerfileParser.parse(text) },
        ],
        {
          units: [
            { name: "bytes", perCall: size },
            { name: "lines", perCall: lines },
          ],
        },
      );
      const ours = r[0]?.meanMs ?? Number.NaN;
      const peer = r[1]?.meanMs ?? Number.NaN;
      perLine.push({ lines, ours: (ours * 1000) / lines, peer: (peer * 1000) / lines });
      if (lines === 10000) tenKRatio = peer / ours;
    }
    console.log("\n## linear growth (microseconds per line)\n");
    for (const p of perLine)
      console.log(
        `${String(p.lines).padStart(6)} lines  ours ${p.ours.toFixed(3)} µs/line  dockerfile-ast ${p.peer.toFixed(3)} µs/line`,
      );
    const first = perLine[0]?.ours ?? 1;
    const last = perLine[perLine.length - 1]?.ours ?? 1;
    reportTarget("≥ 2× dockerfile-ast (real-world corpus)", corpusRatio >= 2, `${corpusRatio.toFixed(2)}×`);
    reportTarget("≥ 2× dockerfile-ast (synthetic 10,000 lines)", tenKRatio >= 2, `${tenKRatio.toFixed(2)}×`);
    reportTarget(
      "linear growth (µs/line at 20k within 1.5× of 1k)",
      last <= first * 1.5,
      `${first.toFixed(3)} → ${last.toFixed(3)} µs/line`,
    );
  },
};
