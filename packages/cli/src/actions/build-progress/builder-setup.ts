/**
 * Chooses the builder of `enginekit build` and the query parameters that go with it (docs/build.md "Which
 * builder runs"): an explicit `--builder` or `ENGINE_BUILDKIT`/`DOCKER_BUILDKIT` wins; otherwise flags only
 * one builder honours decide (`--memory` → classic on engines whose BuildKit ignores it; `--secret`,
 * `--ssh` → BuildKit); otherwise the engine (`GET /_ping`'s `Builder-Version`, its API version). Then each
 * flag is checked against the engine's API version and the builder, before anything is read or sent.
 */
import type { EngineClient } from "@enginekit/api";
import {
  type BuilderChoice,
  type BuilderParameters,
  BuildFlagError,
  builderParameters,
  checkFlagSupport,
  chooseBuilder,
  type EngineBuilderFacts,
  explicitBuilder,
  ignoredByBuildkit,
} from "@enginekit/build-context";
import { CliError, ExitCode } from "../../errors.js";

/** The flags of `enginekit build` this step reads (a subset of `BuildFlags`). */
export interface BuilderSetupFlags {
  builder?: string;
  target?: string;
  platform?: string;
  network?: string;
  addHost: string[];
  cacheFrom: string[];
  noCacheFilter: string[];
  ulimit: string[];
  secret: string[];
  ssh: string[];
  shmSize?: string;
  memory?: string;
  memorySwap?: string;
  cpuShares?: string;
  cpusetCpus?: string;
  cpuPeriod?: string;
  cpuQuota?: string;
  rm: boolean;
  forceRm?: boolean;
}

/** The outcome: the builder, why, the extra parameters and the API version to send the build at. */
export interface BuilderSetup {
  choice: BuilderChoice;
  parameters: BuilderParameters;
  /** Set when a parameter is read only at a newer version than the negotiated one (`platform`). */
  apiVersion?: string;
  /** The engine's highest API version, when known (for messages). */
  engineApiVersion: string | undefined;
}

/** The engine CLI flag names given on the command line, for support checks and messages. */
function usedFlags(flags: BuilderSetupFlags): string[] {
  const used: string[] = [];
  const given: [string, boolean][] = [
    ["--target", flags.target !== undefined],
    ["--platform", flags.platform !== undefined],
    ["--network", flags.network !== undefined && flags.network !== "default"],
    ["--add-host", flags.addHost.length > 0],
    ["--cache-from", flags.cacheFrom.length > 0],
    ["--no-cache-filter", flags.noCacheFilter.length > 0],
    ["--ulimit", flags.ulimit.length > 0],
    ["--shm-size", flags.shmSize !== undefined],
    ["--memory", flags.memory !== undefined],
    ["--memory-swap", flags.memorySwap !== undefined],
    ["--cpu-shares", flags.cpuShares !== undefined],
    ["--cpuset-cpus", flags.cpusetCpus !== undefined],
    ["--cpu-period", flags.cpuPeriod !== undefined],
    ["--cpu-quota", flags.cpuQuota !== undefined],
    ["--no-rm", !flags.rm],
    ["--force-rm", flags.forceRm === true],
    ["--secret", flags.secret.length > 0],
    ["--ssh", flags.ssh.length > 0],
  ];
  for (const [flag, on] of given) if (on) used.push(flag);
  return used;
}

const BUILDKIT_ONLY = ["--secret", "--ssh"];

/**
 * Asks the engine (negotiated version, `GET /_ping`) and chooses. A ping the engine refuses counts as no
 * header (old or unusual engines).
 * @throws CliError (usage) for a flag the builder or the engine's version does not honour, or
 *   contradicting flags; the engine client's errors when it cannot be reached.
 */
export async function setUpBuilder(
  engine: Pick<EngineClient, "apiVersion" | "system">,
  flags: BuilderSetupFlags,
  env: NodeJS.ProcessEnv,
): Promise<BuilderSetup> {
  const used = usedFlags(flags);
  // Flag syntax first: a malformed value is reported whatever the engine.
  const parameters = builderParameters({
    ...(flags.target !== undefined ? { target: flags.target } : {}),
    ...(flags.platform !== undefined ? { platform: flags.platform } : {}),
    ...(flags.network !== undefined ? { network: flags.network } : {}),
    addHost: flags.addHost,
    cacheFrom: flags.cacheFrom,
    ulimit: flags.ulimit,
  });
  const explicit = explicitBuilder(flags.builder, env);
  const negotiated = await engine.apiVersion();
  const ping = await engine.system.pingInfo().catch(() => undefined);
  const facts: EngineBuilderFacts = {
    apiVersion: ping?.apiVersion ?? negotiated.engineMax,
    builderVersion: ping?.builderVersion,
    osType: ping?.osType,
  };
  const classicOnly = ignoredByBuildkit(used, facts.apiVersion);
  const buildkitOnly = used.filter((f) => BUILDKIT_ONLY.includes(f));
  let choice: BuilderChoice;
  if (explicit) choice = chooseBuilder(explicit, facts);
  else if (buildkitOnly.length > 0)
    choice = chooseBuilder({ builder: "buildkit", reason: `${buildkitOnly[0]} needs BuildKit` }, facts);
  else if (classicOnly.length > 0)
    choice = {
      builder: "classic",
      reason: `${classicOnly[0]} is honoured only by the classic builder on this engine`,
    };
  else choice = chooseBuilder(undefined, facts);
  if (choice.builder === "classic" && buildkitOnly.length > 0)
    throw new CliError(
      `${buildkitOnly[0]} needs BuildKit; the classic builder was chosen (${choice.reason})`,
      ExitCode.usage,
    );
  if (choice.builder === "buildkit" && classicOnly.length > 0 && buildkitOnly.length > 0)
    throw new CliError(
      `${classicOnly[0]} is honoured only by the classic builder on this engine, and ${buildkitOnly[0]} needs BuildKit`,
      ExitCode.usage,
    );
  try {
    checkFlagSupport(used, choice.builder, facts.apiVersion);
  } catch (error) {
    if (error instanceof BuildFlagError) throw new CliError(error.message, ExitCode.usage);
    throw error;
  }
  if (choice.builder === "buildkit") parameters.version = "2";
  const setup: BuilderSetup = { choice, parameters, engineApiVersion: facts.apiVersion };
  if (parameters.platform !== undefined && facts.apiVersion !== undefined)
    setup.apiVersion = facts.apiVersion;
  return setup;
}
