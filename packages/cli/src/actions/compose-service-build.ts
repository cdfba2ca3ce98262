/**
 * `enginekit build --service NAME [compose file]`: a Compose service's `build:` section as `enginekit build`
 * flags, for the same packer and `POST /build` as any build (docs/build.md "Compose services"). The project
 * is loaded as `enginekit compose config` loads it (`@enginekit/compose`: the named file or the default file
 * names with their overrides, `COMPOSE_FILE`, `.env`, interpolation, `extends`, `include`). The mapping
 * follows the Compose Specification's build section (`build.md`) and how `docker compose build` hands it to
 * BuildKit (docker/compose `pkg/compose/build.go`): `context` (relative to the file that wrote it),
 * `dockerfile` (relative to the context), `args`, `target`, `labels`, `shm_size`, `extra_hosts`, `network`,
 * `secrets` (the project's `secrets:` with `file` or `environment`, served under the entry's `target`, else
 * the source name, as docker/compose `addSecretsConfig`; read through `@enginekit/compose` `serviceBuild`), `ssh`, `cache_from`, `no_cache`, `pull`, `platforms` (one) and `tags`; the image is tagged with the
 * service's `image`, else `<project>-<service>`, as Compose names it. Keys `enginekit build` cannot honour
 * (`dockerfile_inline`, `additional_contexts`, `cache_to`, several `platforms`…) are refused in one line,
 * not ignored. Flags given on the command line win over the section (lists are added after it).
 *
 * The Compose file is the repository's, so its build secrets follow the rule for `.enginekit.yaml`'s
 * (repository-secret-policy.ts, docs/security.md): a file inside the project directory, or a variable the
 * project's own `.env` sets, is served as Compose serves it; the user's environment (a variable the process
 * environment sets, which Compose reads first) or a file outside only when the project directory is listed
 * as safe. Values are never read here: they are read with the `--secret` values, before anything is sent.
 */
import { resolve } from "node:path";
import { parseSecretFlag, type SecretSource } from "@enginekit/build-context";
import {
  type BuildSecretGrant,
  type ComposeNode,
  type ComposeProject,
  loadProject,
  nodeFileSystem,
  propertyValue,
  serviceBuild,
} from "@enginekit/compose";
import { toPlainValue } from "@enginekit/manifests";
import { closestMatch } from "@enginekit/text";
import { CliError, ExitCode } from "../errors.js";
import type { CliIo } from "../io.js";
import type { BuildFlags } from "./build.js";
import { checkComposeSsh } from "./compose-ssh-policy.js";
import { insideFolder, repositorySourceRefused } from "./repository-secret-policy.js";
import { isSafeDirectory } from "./safe-directories.js";

/** The build section keys this mapping reads. */
const READ = new Set([
  "context",
  "dockerfile",
  "args",
  "target",
  "labels",
  "shm_size",
  "extra_hosts",
  "network",
  "secrets",
  "ssh",
  "cache_from",
  "no_cache",
  "pull",
  "platforms",
  "tags",
]);

/**
 * What a service's build becomes: the context directory, the flags merged with the command line's, and
 * the sources of its build secrets (those no `--secret` gives), each naming its entry for messages.
 */
export interface ServiceBuild {
  context: string | undefined;
  flags: BuildFlags;
  secrets: SecretSource[];
}

/**
 * Loads the project (`composeFile`, else Compose's default file names from the working directory) and turns
 * service `name`'s `build:` into build flags, `flags` (the command line's) winning.
 * @throws CliError (usage) for a project Compose refuses (its first error, `file:line:column`), an unknown
 *   service (with a suggestion), a service without `build:`, or a key this build cannot honour.
 */
export function composeServiceBuild(
  name: string,
  composeFile: string | undefined,
  flags: BuildFlags,
  io: CliIo,
): ServiceBuild {
  const project = loadProject({
    workingDir: io.cwd,
    files: composeFile === undefined ? [] : [composeFile],
    environment: io.env,
    fileSystem: nodeFileSystem,
  });
  const failure = project.findings.find((f) => f.severity === "error");
  if (failure) {
    // A missing project has no file to point into: the message names where it looked.
    const at =
      failure.code === "compose/file"
        ? ""
        : `${failure.file}:${failure.range.start.line + 1}:${failure.range.start.character + 1}: `;
    throw new CliError(`${at}${failure.message}`, ExitCode.usage);
  }
  const services = propertyValue(project.model, "services");
  const service = services?.kind === "object" ? services.properties.find((p) => p.key === name) : undefined;
  if (service?.value?.kind !== "object") {
    const names = services?.kind === "object" ? services.properties.map((p) => p.key) : [];
    const guess = closestMatch(name, names);
    throw new CliError(
      `--service ${name}: no such service in ${project.files.join(", ") || "the project"}${guess ? `; did you mean ${guess}?` : ""}`,
      ExitCode.usage,
    );
  }
  const read = serviceBuild(project, name, service.value);
  if (read === undefined)
    throw new CliError(`--service ${name}: the service has no build: section`, ExitCode.usage);
  const build = read.node;
  const plain = toPlainValue(build) as string | Record<string, unknown>;
  const section: Record<string, unknown> = typeof plain === "string" ? { context: plain } : plain;
  const unread = Object.keys(section).filter((key) => !READ.has(key));
  if (unread.length > 0)
    throw new CliError(
      `--service ${name}: build.${unread[0]} is not supported by enginekit build (it reads ${[...READ].join(", ")})`,
      ExitCode.usage,
    );
  const context = read.context;
  const remote = read.remoteContext;
  const derived = translate(name, section, project, service.value, context);
  checkComposeSsh(name, derived.ssh, flags.ssh, { projectDir: project.projectDirectory, env: io.env });
  const refuse = (message: string) => new CliError(`--service ${name}: ${message}`, ExitCode.usage);
  const given = new Set(flags.secret.map((value) => parseSecretFlag(value).id));
  const grants = read.secrets.filter((grant) => !given.has(grant.id));
  return {
    context,
    secrets: grants.map((grant) => secretSource(grant, project, refuse, io.env)),
    flags: {
      ...flags,
      ...(remote !== undefined && flags.remote === undefined ? { remote } : {}),
      ...(flags.file === undefined && derived.file !== undefined ? { file: derived.file } : {}),
      tag: [...derived.tag, ...flags.tag],
      buildArg: [...derived.buildArg, ...flags.buildArg],
      label: [...derived.label, ...flags.label],
      addHost: [...derived.addHost, ...flags.addHost],
      cacheFrom: [...derived.cacheFrom, ...flags.cacheFrom],
      ssh: [...derived.ssh, ...flags.ssh],
      ...scalar("target", flags.target, derived.target),
      ...scalar("network", flags.network, derived.network),
      ...scalar("shmSize", flags.shmSize, derived.shmSize),
      ...scalar("platform", flags.platform, derived.platform),
      ...(derived.noCache ? { cache: false } : {}),
      ...(derived.pull ? { pull: true } : {}),
    },
  };
}

function scalar<K extends string>(key: K, given: string | undefined, derived: string | undefined) {
  const value = given ?? derived;
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
}

/** `KEY=VALUE` lines of a Compose map or list (`null` values: the bare key). */
function pairs(value: unknown, separator = "="): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (value && typeof value === "object")
    return Object.entries(value).map(([k, v]) =>
      v === null || v === undefined ? k : `${k}${separator}${v}`,
    );
  return [];
}

function plainOf(node: ComposeNode | undefined): unknown {
  return node === undefined ? undefined : toPlainValue(node);
}

function list(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : [];
}

interface Derived {
  file?: string;
  tag: string[];
  buildArg: string[];
  label: string[];
  addHost: string[];
  cacheFrom: string[];
  ssh: string[];
  target?: string;
  network?: string;
  shmSize?: string;
  platform?: string;
  noCache: boolean;
  pull: boolean;
}

function translate(
  name: string,
  section: Record<string, unknown>,
  project: ComposeProject,
  service: ComposeNode,
  context: string | undefined,
): Derived {
  const refuse = (message: string) => new CliError(`--service ${name}: ${message}`, ExitCode.usage);
  const image = plainOf(propertyValue(service, "image"));
  const platforms = list(section.platforms);
  if (platforms.length > 1)
    throw refuse(
      `build.platforms names ${platforms.length} platforms; enginekit build builds one (--platform)`,
    );
  const out: Derived = {
    tag: [
      typeof image === "string" && image !== "" ? image : `${project.name}-${name}`,
      ...list(section.tags),
    ],
    buildArg: pairs(section.args),
    label: pairs(section.labels),
    // Compose writes extra hosts `host:ip` or `host=ip` (lists) or as a map; the engine takes `host:ip`.
    addHost: pairs(section.extra_hosts, ":").map((h) => (h.includes("=") ? h.replace("=", ":") : h)),
    cacheFrom: list(section.cache_from),
    ssh: pairs(section.ssh),
    noCache: section.no_cache === true,
    pull: section.pull === true,
  };
  if (section.dockerfile !== undefined && context !== undefined)
    out.file = resolve(context, String(section.dockerfile));
  if (section.target !== undefined) out.target = String(section.target);
  if (section.network !== undefined) out.network = String(section.network);
  if (section.shm_size !== undefined) out.shmSize = String(section.shm_size);
  const platform = platforms[0] ?? plainOf(propertyValue(service, "platform"));
  if (typeof platform === "string" && platform !== "") out.platform = platform;
  return out;
}

/**
 * One `build.secrets` entry as a secret source: the top-level secret it names, `file:` (relative to the file
 * that defines it) or `environment:` (the process environment first, then the project's `.env`, as Compose
 * reads variables), under the id Compose serves it (`grant.id`: `target`, else the source). A source the
 * repository may not choose is refused (see the module comment).
 * @throws CliError (usage): an undefined or external secret, or a source refused, naming the entry.
 */
function secretSource(
  grant: BuildSecretGrant,
  project: ComposeProject,
  refuse: (message: string) => CliError,
  env: NodeJS.ProcessEnv,
): SecretSource {
  const { id, source } = grant;
  const at = grant.node.range.start;
  const origin = `${grant.node.file}:${at.line + 1}:${at.character + 1}: build.secrets ${source}`;
  const definition = propertyValue(propertyValue(project.model, "secrets"), source);
  if (definition === undefined) throw refuse(`build.secrets: the project defines no secret ${source}`);
  const folder = project.projectDirectory;
  const safe = () => isSafeDirectory(folder, env);
  const plain = toPlainValue(definition) as { file?: unknown; environment?: unknown };
  if (typeof plain.file === "string") {
    const file = propertyValue(definition, "file")!;
    const path = resolve(project.baseDirectories.get(file.file) ?? folder, plain.file);
    if (!insideFolder(folder, path) && !safe())
      throw repositorySourceRefused(origin, `the file ${plain.file}, outside ${folder},`, id, folder);
    return { id, origin, kind: "file", path };
  }
  if (typeof plain.environment === "string") {
    const variable = plain.environment;
    const found = project.variables.lookup(variable);
    // the project's own .env: the repository's value, served as Compose serves it
    if (found?.source === "env-file")
      return { id, origin, kind: "env", variable, variables: { [variable]: found.value } };
    if (found !== undefined && !safe())
      throw repositorySourceRefused(
        origin,
        `the environment variable ${variable}`,
        id,
        folder,
        "only its own files and .env values",
      );
    return { id, origin, kind: "env", variable };
  }
  throw refuse(`build.secrets: secret ${source} has neither file: nor environment:`);
}
