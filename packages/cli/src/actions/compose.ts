/**
 * `enginekit compose config`: loads the Compose project with `@enginekit/compose` (the real file system,
 * the process environment) and prints the merged model, or with `--engine-json` the bodies of each service
 * (`engineBodies`: the container create body and, as `serviceSpec`, the swarm service spec), as JSON on
 * stdout. `--api-version` sets the target engine API version, `--stack` judges every service as a swarm
 * service. The project's error-severity findings (what Compose or the
 * engine refuses) are printed to stderr as `file:line:column: message (rule)` and make the exit code 1;
 * warnings are printed and do not.
 */
import { relative } from "node:path";
import { checkProject, engineBodies, loadProject, nodeFileSystem } from "@enginekit/compose";
import { isManifestApiVersion, toPlainValue } from "@enginekit/manifests";
import { ExitCode } from "../errors.js";
import type { CliIo } from "../io.js";

/** The flags of `enginekit compose config`. */
export interface ComposeConfigFlags {
  file: string[];
  envFile: string[];
  profile: string[];
  projectDirectory?: string;
  projectName?: string;
  engineJson?: boolean;
  stack?: boolean;
  apiVersion?: string;
}

/** Runs `enginekit compose config`; returns the exit code. */
export async function composeConfigAction(flags: ComposeConfigFlags, io: CliIo): Promise<number> {
  if (flags.apiVersion !== undefined && !isManifestApiVersion(flags.apiVersion)) {
    io.stderr(
      `enginekit: --api-version ${flags.apiVersion}: use an engine API version from 1.12 to 1.41, e.g. 1.41\n`,
    );
    return ExitCode.usage;
  }
  const project = loadProject({
    workingDir: io.cwd,
    files: flags.file,
    ...(flags.envFile.length > 0 ? { envFiles: flags.envFile } : {}),
    ...(flags.profile.length > 0 ? { profiles: flags.profile } : {}),
    ...(flags.projectDirectory ? { projectDirectory: flags.projectDirectory } : {}),
    ...(flags.projectName ? { projectName: flags.projectName } : {}),
    environment: io.env,
    fileSystem: nodeFileSystem,
  });
  const findings = checkProject(project, {
    ...(flags.apiVersion ? { apiVersion: flags.apiVersion } : {}),
    ...(flags.stack ? { stack: "always" as const } : {}),
  });
  for (const f of findings) {
    const where = `${relative(io.cwd, f.file) || f.file}:${f.range.start.line + 1}:${f.range.start.character + 1}`;
    io.stderr(`${where}: ${f.severity}: ${f.message} (${f.code})\n`);
  }
  const output = flags.engineJson ? engineBodies(project) : project.model ? toPlainValue(project.model) : {};
  io.stdout(`${JSON.stringify(output, null, 2)}\n`);
  return findings.some((f) => f.severity === "error") ? ExitCode.findings : ExitCode.ok;
}
