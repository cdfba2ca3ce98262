/**
 * `enginekit compose config`: loads the Compose project with `@enginekit/compose` (the real file system,
 * the process environment) and prints the merged model, or with `--engine-json` the create body of each
 * service (`engineBodies`), as JSON on stdout. The project's error-severity findings (what Compose or the
 * engine refuses) are printed to stderr as `file:line:column: message (rule)` and make the exit code 1;
 * warnings are printed and do not.
 */
import { relative } from "node:path";
import { checkProject, engineBodies, loadProject, nodeFileSystem } from "@enginekit/compose";
import { toPlainValue } from "@enginekit/manifests";
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
}

/** Runs `enginekit compose config`; returns the exit code. */
export async function composeConfigAction(flags: ComposeConfigFlags, io: CliIo): Promise<number> {
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
  const findings = checkProject(project);
  for (const f of findings) {
    const where = `${relative(io.cwd, f.file) || f.file}:${f.range.start.line + 1}:${f.range.start.character + 1}`;
    io.stderr(`${where}: ${f.severity}: ${f.message} (${f.code})\n`);
  }
  const output = flags.engineJson ? engineBodies(project) : project.model ? toPlainValue(project.model) : {};
  io.stdout(`${JSON.stringify(output, null, 2)}\n`);
  return findings.some((f) => f.severity === "error") ? ExitCode.findings : ExitCode.ok;
}
