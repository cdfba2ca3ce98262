/**
 * Which builder runs a build: BuildKit (`POST /build?version=2`) or the classic builder (`version=1`).
 * Follows the engine CLI (docker/cli `cli/command/image/build.go`, `cli/command/cli.go` ServerInfo): an
 * explicit choice wins (`--builder`, then `ENGINE_BUILDKIT`/`DOCKER_BUILDKIT` read as Go's `ParseBool`); else
 * the engine's `Builder-Version` ping header (engines from 23.0: `2` BuildKit, `1` classic); else BuildKit
 * when the engine's API is at least 1.39 (the engine 18.09's BuildKit, out of experimental) and it is not
 * a Windows engine (BuildKit has no Windows worker before engine 23), the classic builder otherwise.
 * The engine 20.10 sends no header and builds `version=2` (checked on docker.io 20.10.24).
 */
import { compareApiVersions } from "@enginekit/api";
import { BuildFlagError } from "../build-flags.js";

/** The two builders. */
export type Builder = "classic" | "buildkit";

/** The lowest engine API version whose BuildKit builder is not experimental. */
export const BUILDKIT_MIN_API_VERSION = "1.39";

/** What the engine says about itself (`GET /_ping` headers and the negotiated `GET /version`). */
export interface EngineBuilderFacts {
  /** The engine's highest API version (`Api-Version`), e.g. `1.41`. */
  apiVersion: string | undefined;
  /** `Builder-Version` of `GET /_ping`, when sent. */
  builderVersion: string | undefined;
  /** `OSType` of `GET /_ping` (`linux`, `windows`). */
  osType: string | undefined;
}

/** The choice and, in one sentence, why (shown by `--list` and in error messages). */
export interface BuilderChoice {
  builder: Builder;
  reason: string;
}

const TRUE = new Set(["1", "t", "T", "TRUE", "true", "True"]);
const FALSE = new Set(["0", "f", "F", "FALSE", "false", "False"]);

function atLeast(version: string, minimum: string): boolean {
  return compareApiVersions(version, minimum) >= 0;
}

/**
 * The explicit choice, if any: `flag` (`--builder classic|buildkit`), else `ENGINE_BUILDKIT`, else
 * `DOCKER_BUILDKIT` from `env`. Known before the engine is asked.
 * @throws BuildFlagError for a flag or variable value that is none of these.
 */
export function explicitBuilder(flag: string | undefined, env: NodeJS.ProcessEnv): BuilderChoice | undefined {
  if (flag !== undefined) {
    if (flag !== "classic" && flag !== "buildkit")
      throw new BuildFlagError("--builder", flag, "expected classic or buildkit");
    return { builder: flag, reason: `--builder ${flag}` };
  }
  for (const name of ["ENGINE_BUILDKIT", "DOCKER_BUILDKIT"]) {
    const value = env[name];
    if (value === undefined || value === "") continue;
    if (TRUE.has(value)) return { builder: "buildkit", reason: `${name}=${value}` };
    if (FALSE.has(value)) return { builder: "classic", reason: `${name}=${value}` };
    throw new BuildFlagError(name, value, "expected 1 (BuildKit) or 0 (classic builder)");
  }
  return undefined;
}

/** Why an engine cannot run BuildKit, or undefined when it can. */
export function buildkitUnsupported(facts: EngineBuilderFacts): string | undefined {
  if (facts.osType === "windows" && facts.builderVersion !== "2")
    return "the engine is a Windows engine without BuildKit";
  if (facts.apiVersion !== undefined && !atLeast(facts.apiVersion, BUILDKIT_MIN_API_VERSION))
    return `the engine speaks API ${facts.apiVersion}; BuildKit needs API ${BUILDKIT_MIN_API_VERSION} (engine 18.09) or newer`;
  return undefined;
}

/**
 * Chooses the builder (see the module comment). `explicit` is {@link explicitBuilder}'s answer.
 * @throws BuildFlagError when BuildKit is asked for explicitly and the engine cannot run it.
 */
export function chooseBuilder(explicit: BuilderChoice | undefined, facts: EngineBuilderFacts): BuilderChoice {
  const unsupported = buildkitUnsupported(facts);
  if (explicit) {
    if (explicit.builder === "buildkit" && unsupported) {
      const [flag, value] = explicit.reason.startsWith("--builder")
        ? ["--builder", "buildkit"]
        : (explicit.reason.split("=") as [string, string]);
      throw new BuildFlagError(flag, value, `${unsupported}; use the classic builder (--builder classic)`);
    }
    return explicit;
  }
  if (facts.builderVersion === "2")
    return { builder: "buildkit", reason: "the engine's default builder (Builder-Version: 2)" };
  if (facts.builderVersion === "1")
    return { builder: "classic", reason: "the engine's default builder (Builder-Version: 1)" };
  if (unsupported) return { builder: "classic", reason: unsupported };
  return {
    builder: "buildkit",
    reason: `the engine speaks API ${facts.apiVersion ?? "(pinned)"} ≥ ${BUILDKIT_MIN_API_VERSION}, so BuildKit runs`,
  };
}
