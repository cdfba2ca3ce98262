// biome-ignore-all lint/suspicious/noTemplateCurlyInString: snippets use the LSP snippet syntax `${1:placeholder}`
/**
 * What the editor says about Enginefile syntax: instruction, flag and parser-directive documentation,
 * snippets and flag values. Sources: the Dockerfile reference (moby/buildkit
 * `frontend/dockerfile/docs/reference.md`) and BuildKit's `instructions/parse.go`; the accepted flags
 * per instruction are the linter's table (`@enginekit/lint` `flags.ts`), the values here complete them.
 */

/** One instruction: its syntax lines, what it does, and a snippet (LSP snippet syntax). */
export interface InstructionReference {
  keyword: string;
  syntax: string[];
  summary: string;
  snippet: string;
  deprecated?: boolean;
}

/** One flag of an instruction: `--name=<value>` syntax, meaning, and the values to complete. */
export interface FlagReference {
  name: string;
  instructions: string[];
  syntax: string;
  summary: string;
  values?: string[];
  /** True for flags with no value (`--link`). */
  boolean?: boolean;
}

const DOCS_BASE = "https://docs.docker.com/reference/dockerfile/";

/** The reference page of an instruction (anchor by lower-case keyword). */
export function instructionDocsUrl(keyword: string): string {
  return `${DOCS_BASE}#${keyword.toLowerCase()}`;
}

/** Every instruction the engine knows, in the reference's order. */
export const INSTRUCTIONS: readonly InstructionReference[] = [
  {
    keyword: "FROM",
    syntax: ["FROM [--platform=<platform>] <image>[:<tag>|@<digest>] [AS <name>]"],
    summary: "Starts a new build stage from a base image (or an earlier stage).",
    snippet: "FROM ${1:image}",
  },
  {
    keyword: "RUN",
    syntax: ["RUN [--mount=…] [--network=…] [--security=…] <command>", 'RUN ["executable", "param1", …]'],
    summary: "Runs a command in a new layer on top of the current image and commits the result.",
    snippet: "RUN ${1:command}",
  },
  {
    keyword: "CMD",
    syntax: [
      'CMD ["executable", "param1", …]',
      'CMD ["param1", …] (default parameters to ENTRYPOINT)',
      "CMD command param1 …",
    ],
    summary: "Sets the default command of a container. Only the last CMD of a stage takes effect.",
    snippet: 'CMD [ "${1:executable}" ]',
  },
  {
    keyword: "LABEL",
    syntax: ["LABEL <key>=<value> [<key>=<value> …]"],
    summary: "Adds metadata to the image as key/value pairs.",
    snippet: 'LABEL ${1:key}="${2:value}"',
  },
  {
    keyword: "MAINTAINER",
    syntax: ["MAINTAINER <name>"],
    summary: "Deprecated: sets the Author field. Use `LABEL org.opencontainers.image.authors=…`.",
    snippet: "MAINTAINER ${1:name}",
    deprecated: true,
  },
  {
    keyword: "EXPOSE",
    syntax: ["EXPOSE <port>[/<protocol>] …"],
    summary: "Documents the network ports the container listens on (tcp by default, or udp).",
    snippet: "EXPOSE ${1:port}",
  },
  {
    keyword: "ENV",
    syntax: ["ENV <key>=<value> …"],
    summary: "Sets environment variables for later instructions and for the running container.",
    snippet: "ENV ${1:key}=${2:value}",
  },
  {
    keyword: "ADD",
    syntax: [
      "ADD [--chown=…] [--chmod=…] [--link] [--checksum=…] [--keep-git-dir] [--exclude=…] <src>… <dest>",
    ],
    summary:
      "Copies files, directories, remote URLs or Git repositories into the image; unpacks local tar archives.",
    snippet: "ADD ${1:source} ${2:dest}",
  },
  {
    keyword: "COPY",
    syntax: [
      "COPY [--from=<stage>] [--chown=…] [--chmod=…] [--link] [--parents] [--exclude=…] <src>… <dest>",
    ],
    summary: "Copies files from the build context or another stage (`--from`) into the image.",
    snippet: "COPY ${1:source} ${2:dest}",
  },
  {
    keyword: "ENTRYPOINT",
    syntax: ['ENTRYPOINT ["executable", "param1", …]', "ENTRYPOINT command param1 …"],
    summary: "Configures the container to run as an executable; CMD gives its default arguments.",
    snippet: 'ENTRYPOINT [ "${1:executable}" ]',
  },
  {
    keyword: "VOLUME",
    syntax: ['VOLUME ["/data"]', "VOLUME /data …"],
    summary: "Creates a mount point and marks it as holding externally mounted volumes.",
    snippet: "VOLUME ${1:/data}",
  },
  {
    keyword: "USER",
    syntax: ["USER <user>[:<group>]", "USER <UID>[:<GID>]"],
    summary: "Sets the user (and group) for later RUN, CMD and ENTRYPOINT instructions.",
    snippet: "USER ${1:user}",
  },
  {
    keyword: "WORKDIR",
    syntax: ["WORKDIR /path/to/workdir"],
    summary: "Sets the working directory for later instructions (created if missing).",
    snippet: "WORKDIR ${1:/path}",
  },
  {
    keyword: "ARG",
    syntax: ["ARG <name>[=<default value>] …"],
    summary:
      "Declares a build argument users can set with `--build-arg`. ARGs before the first FROM are visible only to FROM lines unless re-declared in a stage.",
    snippet: "ARG ${1:name}",
  },
  {
    keyword: "ONBUILD",
    syntax: ["ONBUILD <INSTRUCTION>"],
    summary: "Adds a trigger instruction that runs when the image is used as the base of another build.",
    snippet: "ONBUILD ${1:INSTRUCTION}",
  },
  {
    keyword: "STOPSIGNAL",
    syntax: ["STOPSIGNAL signal"],
    summary:
      "Sets the system call signal sent to the container to stop it (a name like SIGTERM or a number).",
    snippet: "STOPSIGNAL ${1:SIGTERM}",
  },
  {
    keyword: "HEALTHCHECK",
    syntax: [
      "HEALTHCHECK [--interval=…] [--timeout=…] [--start-period=…] [--start-interval=…] [--retries=…] CMD <command>",
      "HEALTHCHECK NONE",
    ],
    summary: "Tells the engine how to test that the container is still working.",
    snippet:
      "HEALTHCHECK --interval=${1:30s} --timeout=${2:30s} --start-period=${3:0s} --retries=${4:3} CMD ${5:command}",
  },
  {
    keyword: "SHELL",
    syntax: ['SHELL ["executable", "parameters"]'],
    summary: "Overrides the default shell (`/bin/sh -c`) used for the shell form of RUN, CMD and ENTRYPOINT.",
    snippet: 'SHELL [ "${1:executable}", "${2:parameters}" ]',
  },
];

/** An instruction's reference by keyword (case-insensitive). */
export function instructionReference(keyword: string): InstructionReference | undefined {
  const upper = keyword.toUpperCase();
  return INSTRUCTIONS.find((i) => i.keyword === upper);
}

const DURATION_VALUES = ["30s", "5s", "1m", "0s"];

/** Every flag of every instruction, with its values (lsp-anchors §6.2: the complete BuildKit tables). */
export const FLAGS: readonly FlagReference[] = [
  {
    name: "platform",
    instructions: ["FROM"],
    syntax: "--platform=<os>/<arch>[/<variant>]",
    summary: "Platform of the base image when it is a multi-platform image.",
    values: [
      "$BUILDPLATFORM",
      "$TARGETPLATFORM",
      "linux/amd64",
      "linux/arm64",
      "linux/arm/v7",
      "windows/amd64",
    ],
  },
  {
    name: "mount",
    instructions: ["RUN"],
    syntax: "--mount=[type=<bind|cache|tmpfs|secret|ssh>][,option=<value>…]",
    summary: "Creates a filesystem mount the build command can access (default type `bind`).",
    values: ["type=bind", "type=cache", "type=tmpfs", "type=secret", "type=ssh"],
  },
  {
    name: "network",
    instructions: ["RUN"],
    syntax: "--network=<default|none|host>",
    summary:
      "The network the command runs in: `default`, `none` (no network) or `host` (needs the network.host entitlement).",
    values: ["default", "none", "host"],
  },
  {
    name: "security",
    instructions: ["RUN"],
    syntax: "--security=<sandbox|insecure>",
    summary: "`insecure` runs the command without the sandbox (needs the security.insecure entitlement).",
    values: ["sandbox", "insecure"],
  },
  {
    name: "device",
    instructions: ["RUN"],
    syntax: "--device=<name>[,required=<bool>]",
    summary: "Makes a CDI device available to the command (labs channel).",
  },
  {
    name: "from",
    instructions: ["COPY"],
    syntax: "--from=<stage|image|context>",
    summary:
      "Copies from an earlier build stage (by name or index), an image, or a named build context instead of the build context.",
  },
  {
    name: "chown",
    instructions: ["ADD", "COPY"],
    syntax: "--chown=<user>[:<group>]",
    summary: "User and group owning the copied files (names or numeric ids).",
    values: ["root:root", "1000:1000"],
  },
  {
    name: "chmod",
    instructions: ["ADD", "COPY"],
    syntax: "--chmod=<perms>",
    summary: "Permissions of the copied files, octal (`0755`) or symbolic (`u=rwx,go=rx`).",
    values: ["0644", "0755", "0600"],
  },
  {
    name: "link",
    instructions: ["ADD", "COPY"],
    syntax: "--link[=<boolean>]",
    summary:
      "Copies into an independent layer, so the files survive a change of the base image (faster rebuilds).",
    boolean: true,
  },
  {
    name: "parents",
    instructions: ["COPY"],
    syntax: "--parents[=<boolean>]",
    summary: "Keeps the parent directories of the sources under the destination.",
    boolean: true,
  },
  {
    name: "exclude",
    instructions: ["ADD", "COPY"],
    syntax: "--exclude=<path>",
    summary: "A pattern of source paths not to copy (may be repeated).",
  },
  {
    name: "checksum",
    instructions: ["ADD"],
    syntax: "--checksum=<hash>",
    summary: "The expected checksum of a remote source, e.g. `sha256:…`.",
    values: ["sha256:"],
  },
  {
    name: "keep-git-dir",
    instructions: ["ADD"],
    syntax: "--keep-git-dir[=<boolean>]",
    summary: "Keeps the `.git` directory when adding a Git repository.",
    boolean: true,
  },
  {
    name: "unpack",
    instructions: ["ADD"],
    syntax: "--unpack[=<boolean>]",
    summary: "Whether to unpack a tar archive source (labs channel).",
    boolean: true,
  },
  {
    name: "interval",
    instructions: ["HEALTHCHECK"],
    syntax: "--interval=<duration>",
    summary: "Time between two checks (default 30s). A Go duration: `30s`, `1m30s`, `500ms`.",
    values: DURATION_VALUES,
  },
  {
    name: "timeout",
    instructions: ["HEALTHCHECK"],
    syntax: "--timeout=<duration>",
    summary: "Time after which one check is considered failed (default 30s).",
    values: DURATION_VALUES,
  },
  {
    name: "start-period",
    instructions: ["HEALTHCHECK"],
    syntax: "--start-period=<duration>",
    summary: "Start-up time during which failures do not count towards the retries (default 0s).",
    values: DURATION_VALUES,
  },
  {
    name: "start-interval",
    instructions: ["HEALTHCHECK"],
    syntax: "--start-interval=<duration>",
    summary: "Time between checks during the start period (default 5s).",
    values: DURATION_VALUES,
  },
  {
    name: "retries",
    instructions: ["HEALTHCHECK"],
    syntax: "--retries=<number>",
    summary: "Consecutive failures needed to report the container unhealthy (default 3).",
    values: ["3"],
  },
];

/** The flags an instruction accepts (by keyword, case-insensitive). */
export function flagsOf(keyword: string): FlagReference[] {
  const upper = keyword.toUpperCase();
  return FLAGS.filter((f) => f.instructions.includes(upper));
}

/** One option key of `RUN --mount`, with the mount types that accept it and its values. */
export interface MountOptionReference {
  key: string;
  types: string[];
  summary: string;
  values?: string[];
}

/** `RUN --mount` options per type (Dockerfile reference, "RUN --mount"). */
export const MOUNT_OPTIONS: readonly MountOptionReference[] = [
  {
    key: "type",
    types: ["bind", "cache", "tmpfs", "secret", "ssh"],
    summary: "Mount type (default `bind`).",
    values: ["bind", "cache", "tmpfs", "secret", "ssh"],
  },
  {
    key: "target",
    types: ["bind", "cache", "tmpfs", "secret", "ssh"],
    summary: "Mount path inside the build container (also `dst`, `destination`).",
  },
  {
    key: "source",
    types: ["bind", "cache"],
    summary: "Path in `from` to mount (default: the root of `from`).",
  },
  {
    key: "from",
    types: ["bind", "cache"],
    summary: "Build stage, image or context to mount from (default: the build context).",
  },
  { key: "rw", types: ["bind"], summary: "Allow writes to the mount (they are discarded)." },
  {
    key: "id",
    types: ["cache", "secret", "ssh"],
    summary: "Id of the cache, secret or SSH agent socket (cache: default `target`).",
  },
  { key: "ro", types: ["cache"], summary: "Mount the cache read-only." },
  {
    key: "sharing",
    types: ["cache"],
    summary: "How concurrent builds share the cache.",
    values: ["shared", "private", "locked"],
  },
  {
    key: "mode",
    types: ["cache", "secret", "ssh"],
    summary: "File mode in octal (cache: 0755, secret: 0400, ssh: 0600).",
  },
  { key: "uid", types: ["cache", "secret", "ssh"], summary: "User id of the mount (default 0)." },
  { key: "gid", types: ["cache", "secret", "ssh"], summary: "Group id of the mount (default 0)." },
  { key: "size", types: ["tmpfs"], summary: "Maximum size of the tmpfs, in bytes." },
  { key: "env", types: ["secret"], summary: "Also expose the secret as this environment variable." },
  {
    key: "required",
    types: ["secret", "ssh"],
    summary: "Fail the build when the secret or socket is not available (default false).",
    values: ["true", "false"],
  },
];

/** One parser directive. */
export interface DirectiveReference {
  name: "syntax" | "escape" | "check";
  syntax: string;
  summary: string;
  values: string[];
}

/** Parser directives (`# name=value` before anything else in the file). */
export const DIRECTIVES: readonly DirectiveReference[] = [
  {
    name: "syntax",
    syntax: "# syntax=<frontend image>",
    summary: "The BuildKit frontend that builds this file, e.g. `docker/dockerfile:1` (latest stable 1.x).",
    values: ["docker/dockerfile:1", "docker/dockerfile:1-labs"],
  },
  {
    name: "escape",
    syntax: "# escape=<\\ or `>",
    summary:
      "The escape character for line continuations and escapes (default `\\`; `` ` `` suits Windows paths).",
    values: ["\\", "`"],
  },
  {
    name: "check",
    syntax: "# check=skip=<checks>|all;error=<boolean>",
    summary: "Configures the build checks: rules to skip and whether a violation fails the build.",
    values: ["skip=all", "error=true"],
  },
];
