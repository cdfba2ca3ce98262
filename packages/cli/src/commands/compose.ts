/**
 * The `enginekit compose config` command (flags and help; the action loads when it runs): a Compose project
 * loaded as compose-go loads it, or the create bodies its services become (docs/compose.md).
 */
import type { Command } from "commander";
import type { ComposeConfigFlags } from "../actions/compose.js";
import { setExitCode } from "../errors.js";
import type { CliIo } from "../io.js";
import { collect } from "./repeatable.js";

/**
 * Registers `enginekit compose config [--engine-json] [--stack] [--api-version v] [-f file]… [--env-file
 * file]… [--profile name]… [--project-directory dir] [-p name]` (docs/compose.md "enginekit compose
 * config"): the project loaded as Compose loads it, or the bodies its services become.
 */
export function registerComposeCommand(program: Command, io: CliIo): void {
  const compose = program
    .command("compose")
    .description("Compose projects: the loaded model and the engine bodies.");
  compose
    .command("config")
    .description(
      "Load the Compose project (files and overrides, include, extends, interpolation) and print it as JSON; with --engine-json, print the container create body (docker compose up) and the swarm service spec (docker stack deploy) each service becomes. Errors (what Compose or the engine refuses) go to stderr and exit 1.",
    )
    .option(
      "-f, --file <file>",
      "a Compose file, in merge order (default: compose.yaml … and its override); repeatable",
      collect,
      [],
    )
    .option("--env-file <file>", "an env file instead of the project's .env; repeatable", collect, [])
    .option("--profile <name>", "a profile to enable; repeatable", collect, [])
    .option("--project-directory <dir>", "the project directory (default: the first file's folder)")
    .option("-p, --project-name <name>", "the project name")
    .option(
      "--engine-json",
      "print each service's create body (Config, HostConfig, NetworkingConfig) as docker compose up sends it, and its service spec (serviceSpec) as docker stack deploy sends it",
    )
    .option(
      "--stack",
      "judge every service as a swarm service (docker stack deploy); by default only services setting a deploy key only docker stack deploy reads",
    )
    .option(
      "--api-version <version>",
      "the engine API version to judge at (default: ENGINE_API_VERSION, DOCKER_API_VERSION, else 1.41 as docker compose negotiates)",
    )
    .action(async (flags: ComposeConfigFlags, command: Command) => {
      const { composeConfigAction } = await import("../actions/compose.js");
      setExitCode(command, await composeConfigAction(flags, io));
    });
}
