/**
 * The `enginekit build` command (flags and help; the action loads when it runs): pack a build context and
 * build it on the engine (`POST /build`, engine §4.2), with the flags named and read as `docker build` names
 * them (docs/build.md).
 */
import { type Command, Option } from "commander";
import type { BuildFlags } from "../actions/build.js";
import type { CliIo } from "../io.js";
import { addEngineOptions } from "./engine-options.js";
import { collect } from "./repeatable.js";

/** Registers `enginekit build` on `program`. */
export function registerBuildCommand(program: Command, io: CliIo): void {
  const build = program
    .command("build")
    .description(
      "pack a build context (honouring .engineignore or .dockerignore) and build it on the engine (POST /build)",
    )
    // The context is required unless --remote names one (commander cannot say "one of"): the usage line
    // says `<context>`, as docs/build.md does, instead of commander's `[context]`.
    .usage("[options] <context>")
    .argument(
      "[context]",
      "build context directory (required unless --remote <url>); with --service, the Compose file (default: compose.yaml … in the working directory)",
    )
    .option("--service <name>", "build this Compose service's build: section (docs/build.md)")
    .option(
      "-f, --file <path>",
      "the build file, relative to the current directory (`-` = standard input; default: the context's Enginefile, else Dockerfile, else Containerfile)",
    )
    .option("-t, --tag <name:tag>", "name and tag for the image (repeatable)", collect, [])
    .option("--remote <url>", "build from a Git or HTTP(S) URL the engine fetches (no local context)")
    .option("-q, --quiet", "print only the image ID")
    .option("--no-cache", "do not use the build cache")
    .option("--pull", "always pull newer base images")
    .option("--no-rm", "keep intermediate containers after a successful build")
    .option("--force-rm", "always remove intermediate containers")
    .option("-m, --memory <size>", "memory limit of build containers (e.g. 512m)")
    .option("--memory-swap <size>", "memory plus swap of build containers; -1 = unlimited swap")
    .option("--cpu-shares <n>", "relative CPU weight")
    .option("--cpuset-cpus <list>", 'CPUs build containers may use (e.g. "0-3,5")')
    .option("--cpu-period <µs>", "CPU CFS period in microseconds")
    .option("--cpu-quota <µs>", "CPU CFS quota in microseconds")
    .option(
      "--build-arg <NAME[=value]>",
      "build argument; a bare NAME is taken from the environment",
      collect,
      [],
    )
    .option("--shm-size <size>", "size of /dev/shm of build containers (e.g. 64m)")
    .option("--label <key=value>", "label for the image (repeatable)", collect, [])
    .option("--registry-config <file>", "registry credentials in the engine CLI's config.json format")
    .option(
      "--registry-auth <host=svc:path>",
      "registry credentials from the secrets service (repeatable)",
      collect,
      [],
    )
    .option("--iidfile <file>", "write the image ID to this file")
    .option(
      "-o, --output <file>",
      "write the context archive to a file (`-` = standard output) instead of building",
    )
    .option("--force", "let --output and --iidfile replace read-only files")
    .option("--list", "list what would be sent, and why each excluded path is excluded, instead of building")
    .option("--reproducible", "fixed mtimes (SOURCE_DATE_EPOCH or 0): the same tree gives the same bytes")
    .option("--compress", "gzip the upload (default: only for tcp:// engines)")
    .option("--no-compress", "never gzip the upload")
    .option("--exceptions <mode>", "exceptions under excluded directories: exact | engine-cli", "exact")
    .option(
      "--builder <builder>",
      "classic | buildkit (default: DOCKER_BUILDKIT, else BuildKit when the engine runs it)",
    )
    .option("--progress <mode>", "BuildKit progress: auto | plain | tty | quiet | rawjson", "auto")
    .option(
      "--context-transfer <how>",
      "auto | filesync (BuildKit's session; a rebuild sends only changes) | tarball (the archive)",
    )
    .option("--target <stage>", "build this stage of the Enginefile")
    .option("--platform <os/arch>", "the platform to build for (e.g. linux/amd64)")
    .option("--network <mode>", "network of RUN steps: default | none | host | <network>")
    .option("--add-host <host:ip>", "add a line to /etc/hosts of RUN steps (repeatable)", collect, [])
    .option("--cache-from <image>", "image to use as a cache source (repeatable)", collect, [])
    .option("--ulimit <name=soft[:hard]>", "ulimit of RUN steps (repeatable)", collect, [])
    .option(
      "--secret <id=ID,src=FILE|env=VAR|svc=PATH#FIELD>",
      "secret for RUN --mount=type=secret (BuildKit; repeatable)",
      collect,
      [],
    )
    .option(
      "--ssh <default|ID=PATH>",
      "SSH agent socket or keys for RUN --mount=type=ssh (BuildKit; repeatable)",
      collect,
      [],
    );
  // `--no-` would make commander read it as the negation of `--cache-filter`.
  const noCacheFilter = new Option(
    "--no-cache-filter <stage>",
    "do not cache these stages (refused: /build has no parameter for it)",
  )
    .argParser(collect)
    .default([]);
  noCacheFilter.negate = false;
  build.addOption(noCacheFilter);
  addEngineOptions(build)
    .option(
      "--idle-timeout <duration>",
      "longest silence of the build output (default: ENGINE_IDLE_TIMEOUT, 30m)",
    )
    .action(async (context: string | undefined, flags: BuildFlags) => {
      const { buildAction } = await import("../actions/build.js");
      await buildAction(context, flags, io);
    });
}
