/**
 * A Compose file checked within its project, once for every Compose rule: the project it belongs to
 * (`projectFilesOf`: a default file with its override, an override with its base, another Compose-named
 * file alone), loaded and checked by `@enginekit/compose`, and the findings that belong to this file.
 * Findings in a file that is not linted on its own (an `extends` or `include` target, an env file) are
 * reported in the project's first file, at its start, with that file's name and position in the message.
 */
import { dirname, relative, resolve } from "node:path";
import {
  type ComposeFileSystem,
  type ComposeFinding,
  type ComposeProject,
  checkProject,
  loadProject,
  projectFilesOf,
  withText,
} from "@enginekit/compose";

/** A Compose file and what its project's checks found in it. */
export interface AnalyzedComposeFile {
  text: string;
  /** Absolute path. */
  path: string;
  project: ComposeProject;
  /** The `@enginekit/compose` findings of this file (and of unlinted files, see the module comment). */
  findings: ComposeFinding[];
}

/** Where a Compose file is read from and which environment interpolates it. */
export interface ComposeAnalysisOptions {
  fileSystem: ComposeFileSystem;
  environment: Readonly<Record<string, string | undefined>>;
  /**
   * The project's target engine API version (`.enginekit.yaml` `apiVersion`, `--api-version`); undefined:
   * `ENGINE_API_VERSION`/`DOCKER_API_VERSION` from `environment`, else 1.41 (`@enginekit/compose`
   * `targetApiVersion`).
   */
  apiVersion?: string;
}

/** Loads and checks the project of `path` (whose text is `text`); pure given its options; never throws. */
export function analyzeComposeFile(
  text: string,
  path: string,
  options: ComposeAnalysisOptions,
): AnalyzedComposeFile {
  const absolute = resolve(path);
  const fileSystem = withText(options.fileSystem, absolute, text);
  const files = projectFilesOf(absolute, fileSystem);
  const project = loadProject({
    workingDir: dirname(files[0]!),
    files,
    environment: options.environment,
    fileSystem,
  });
  const findings: ComposeFinding[] = [];
  const start = { line: 0, character: 0, offset: 0 };
  for (const finding of checkProject(project, options.apiVersion ? { apiVersion: options.apiVersion } : {})) {
    if (finding.file === absolute) findings.push(finding);
    else if (!files.includes(finding.file) && absolute === files[0]) {
      const where = `${relative(dirname(absolute), finding.file)}:${finding.range.start.line + 1}:${finding.range.start.character + 1}`;
      const { fix: _, ...rest } = finding; // its edits are in the other file
      findings.push({ ...rest, message: `${where}: ${finding.message}`, range: { start, end: start } });
    }
  }
  return { text, path: absolute, project, findings };
}
