/**
 * One line for Enginefile syntax the engine's BuildKit refuses because its built-in Dockerfile frontend is
 * older than the syntax. The engine 20.10 builds with the frontend vendored in it (BuildKit 0.8, Dockerfile
 * syntax 1.2), which predates heredocs and `COPY --link` (Dockerfile 1.4), `RUN --network`/`--security`
 * outside the labs channel, `ADD --checksum`, `COPY --exclude`/`--parents`: it fails with `dockerfile parse
 * error line N: unknown instruction: ECHO` (the heredoc's body read as instructions) or `… line N: Unknown
 * flag: link` (checked on docker.io 20.10.24). A `# syntax=` directive would pull a newer frontend image,
 * which needs a registry.
 */
import { type Instruction, parse } from "@enginekit/enginefile";

const PARSE_ERROR = /dockerfile parse error line (\d+): (unknown instruction: (\S+)|Unknown flag: (\S+))/i;

/**
 * The one-line explanation of a frontend parse failure, or undefined when `message` is not one or the
 * Enginefile does not explain it. `name` is the Enginefile as the user knows it; `engine` describes the
 * engine (`API 1.41`).
 */
export function explainFrontendRefusal(
  message: string,
  enginefile: { name: string; text: string },
  engine: string,
): string | undefined {
  const m = PARSE_ERROR.exec(message);
  if (!m) return undefined;
  const line = Number(m[1]) - 1;
  const instructions = parse(enginefile.text).instructions;
  const lacks = `the engine's built-in Dockerfile frontend (${engine}) predates`;
  const upgrade = "build on an engine ≥ 23.0, whose BuildKit has a newer frontend";
  if (m[3] !== undefined) {
    const withHeredoc = instructions.find(
      (i) => i.heredocs.length > 0 && i.range.start.line <= line && line <= i.range.end.line,
    );
    if (withHeredoc)
      return `${enginefile.name}:${withHeredoc.range.start.line + 1}: ${keyword(withHeredoc)} <<${withHeredoc.heredocs[0]!.name}: ${lacks} heredocs (Dockerfile syntax 1.4) and read line ${line + 1} as an instruction; ${upgrade}`;
    return undefined;
  }
  const flag = m[4]!;
  const at = instructions.find((i) => i.range.start.line <= line && line <= i.range.end.line);
  if (!at) return undefined;
  return `${enginefile.name}:${at.range.start.line + 1}: ${keyword(at)} --${flag}: ${lacks} this flag (newer Dockerfile syntax); ${upgrade}`;
}

function keyword(i: Instruction): string {
  return i.keyword.toUpperCase();
}
