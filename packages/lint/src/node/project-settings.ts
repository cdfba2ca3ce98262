/**
 * `ProjectSettings`: the lint settings of each folder from the nearest `.enginekit.yaml` and the command-line
 * overrides (`LintOverrides`), cached per folder; and `engineIgnoreFor`/`loadEngineIgnoreFor`, the build
 * context's ignore file beside an Enginefile, found as `enginekit build` finds it.
 */
import { statSync } from "node:fs";
import { basename, dirname, relative, sep } from "node:path";
import {
  EngineRegexpNotLoadedError,
  engineRegexpLoaded,
  IgnoreFileError,
  IgnoreMatcher,
  ignoreFileCandidates,
  loadEngineRegexp,
} from "@enginekit/build-context/ignore";
import { MAX_CONFIG_FILE_BYTES, readBoundedFile } from "@enginekit/node-io";
import { type ConfigReader, configFileIn, findConfigWith, type LoadedConfig } from "../config/find-config.js";
import type { EnginefileLintOptions } from "../enginefile/analysis.js";
import { analyzeIgnoreFile } from "../ignorefile/analysis.js";
import type { RuleSeverity, Severity } from "../model/severity.js";
import { DEFAULT_SETTINGS, type LintSettings } from "../runner/settings.js";

/** Settings given on the command line; they win over `.enginekit.yaml` (lists are replaced, not merged). */
export interface LintOverrides {
  /** Use this configuration file for every file instead of looking upward. */
  configFile?: string;
  /** Ignore configuration files entirely. */
  noConfig?: boolean;
  rules?: Record<string, RuleSeverity>;
  failureThreshold?: Severity | "none";
  trustedRegistries?: string[];
  /** The engine API version manifests target (`--api-version`). */
  apiVersion?: string;
  inlineSuppressions?: boolean;
  reportUnusedSuppressions?: boolean;
  /** Extra ignore patterns (`.engineignore` syntax), relative to the working directory. */
  ignore?: string[];
  dockerfiles?: boolean;
  /** Lint Compose's default file names found in directories (`--no-compose` turns it off). */
  compose?: boolean;
}

/** What applies to one file: lint settings, failure threshold and the configuration it came from. */
export interface FileSettings {
  settings: LintSettings;
  failureThreshold: Severity | "none";
  config: LoadedConfig | undefined;
}

/** The default failure threshold: `info` and above fail, `style` does not (hadolint's default). */
export const DEFAULT_FAILURE_THRESHOLD: Severity = "info";

function toPosix(path: string): string {
  return sep === "/" ? path : path.split(sep).join("/");
}

/**
 * Resolves configuration per folder (nearest `.enginekit.yaml` upward, or the one given), applies the
 * command-line overrides, and answers the discovery questions (ignored paths, manifest globs). Caches
 * per folder. Throws `ConfigError` (from loading) with file, line and column.
 */
export class ProjectSettings {
  private readonly configs = new Map<string, LoadedConfig | undefined>();
  private readonly explicit: LoadedConfig | undefined;
  private readonly ignoreMatchers = new Map<string, IgnoreMatcher>();
  private readonly manifestMatchers = new Map<string, IgnoreMatcher>();
  private readonly cliIgnore: IgnoreMatcher | undefined;

  /**
   * `readConfig` reads a configuration file (`loadConfigFile` of `@enginekit/lint`); without it no
   * configuration file is read — callers that may meet one pass it (it loads YAML and the config schema,
   * which `lintFiles` imports only when a configuration file can apply: start-up time, docs/cli.md).
   * `loadReader` instead (or as well) imports the reader when a walk enters a folder holding a
   * configuration file (`enterFolder`). Throws `ConfigError` for a bad `overrides.configFile`.
   */
  constructor(
    private readonly cwd: string,
    private readonly overrides: LintOverrides = {},
    private readConfig?: ConfigReader,
    private readonly loadReader?: () => Promise<ConfigReader>,
  ) {
    this.explicit = overrides.configFile ? this.read(overrides.configFile) : undefined;
    this.cliIgnore = overrides.ignore?.length
      ? IgnoreMatcher.fromPatterns(overrides.ignore, "--ignore-pattern")
      : undefined;
  }

  /**
   * For a walk (`DiscoveryPolicy.enterFolder`, discover.ts), before it looks inside `dir`: when
   * no reader is loaded yet and `dir` holds a configuration file, the promise of loading it with
   * `loadReader`; otherwise undefined. Folders above were entered (or looked in upward) before, so the
   * settings already answered for them stay true.
   */
  enterFolder(dir: string): Promise<void> | undefined {
    const load = this.loadReader;
    if (this.readConfig || !load || this.overrides.noConfig || configFileIn(dir) === undefined)
      return undefined;
    return load().then((reader) => {
      this.readConfig = reader;
    });
  }

  /** The configuration that applies in `dir` (undefined without one). */
  configFor(dir: string): LoadedConfig | undefined {
    if (this.overrides.noConfig) return undefined;
    if (this.explicit || !this.readConfig) return this.explicit;
    return findConfigWith(dir, this.readConfig, this.configs);
  }

  private read(file: string): LoadedConfig {
    if (!this.readConfig) throw new Error(`cannot read ${file}: no configuration reader given`);
    return this.readConfig(file);
  }

  /** Settings for the file at `path` (absolute). */
  forFile(path: string): FileSettings {
    const loaded = this.configFor(dirname(path));
    const c = loaded?.config ?? {};
    const o = this.overrides;
    const settings: LintSettings = {
      ...DEFAULT_SETTINGS,
      rules: { ...(c.rules as Record<string, RuleSeverity> | undefined), ...o.rules },
      enginefile: {
        fileName: path,
        trustedRegistries: o.trustedRegistries ?? c.trustedRegistries ?? [],
        ...(c.labelSchema ? { labelSchema: c.labelSchema } : {}),
        ...(c.strictLabels !== undefined ? { strictLabels: c.strictLabels } : {}),
        ...(c.build?.secrets ? { buildSecrets: Object.keys(c.build.secrets) } : {}),
      },
      inlineSuppressions: o.inlineSuppressions ?? c.inlineSuppressions ?? true,
      reportUnusedSuppressions: o.reportUnusedSuppressions ?? c.reportUnusedSuppressions ?? true,
    };
    const apiVersion = o.apiVersion ?? c.apiVersion;
    if (apiVersion) settings.manifestApiVersion = apiVersion;
    return {
      settings,
      failureThreshold:
        o.failureThreshold ??
        (c.failureThreshold as Severity | "none" | undefined) ??
        DEFAULT_FAILURE_THRESHOLD,
      config: loaded,
    };
  }

  /** True when the configuration's `ignore` patterns (or `--ignore-pattern`) exclude `path`. */
  isExcluded(path: string): boolean {
    if (this.cliIgnore?.matches(toPosix(relative(this.cwd, path))).excluded) return true;
    const loaded = this.configFor(dirname(path));
    if (!loaded?.config.ignore?.length) return false;
    let m = this.ignoreMatchers.get(loaded.file);
    if (!m) {
      m = IgnoreMatcher.fromPatterns(loaded.config.ignore, loaded.file);
      this.ignoreMatchers.set(loaded.file, m);
    }
    const rel = toPosix(relative(loaded.dir, path));
    return !rel.startsWith("..") && m.matches(rel).excluded;
  }

  /** Whether Dockerfile-named files are linted in `dir`. */
  dockerfiles(dir: string): boolean {
    return this.overrides.dockerfiles ?? this.configFor(dir)?.config.dockerfiles ?? true;
  }

  /** Whether Compose-named files are linted in `dir`. */
  compose(dir: string): boolean {
    return this.overrides.compose ?? this.configFor(dir)?.config.compose ?? true;
  }

  /** Whether the configuration's `manifests` globs name `path` as a manifest. */
  isManifest(path: string): boolean {
    const loaded = this.configFor(dirname(path));
    const globs = loaded?.config.manifests;
    if (!loaded || !globs?.length) return false;
    const rel = toPosix(relative(loaded.dir, path));
    let m = this.manifestMatchers.get(loaded.file);
    if (!m) {
      // the manifests globs use the same pattern syntax as .engineignore (one shared matcher)
      m = IgnoreMatcher.fromPatterns(globs, loaded.file);
      this.manifestMatchers.set(loaded.file, m);
    }
    return !rel.startsWith("..") && m.matches(rel).excluded;
  }
}

/** The ignore file of an Enginefile's build context, parsed (undefined when there is none). */
function findEngineIgnore(enginefilePath: string): { matcher: IgnoreMatcher; file: string } | undefined {
  for (const file of ignoreFileCandidates(dirname(enginefilePath), enginefilePath)) {
    // most candidates do not exist: a stat that returns nothing is far cheaper than a read that throws
    if (!statSync(file, { throwIfNoEntry: false })?.isFile()) continue;
    let text: string;
    try {
      // bounded: a planted huge file is skipped here, and reported when the ignore file itself is linted
      text = readBoundedFile(file, { maxBytes: MAX_CONFIG_FILE_BYTES, what: "the ignore file" }).toString(
        "utf8",
      );
    } catch {
      continue;
    }
    // The patterns the engine accepts: a refused line is the ignore file's own finding
    // (ignore-pattern-syntax), not a reason to stop linting the Enginefile.
    return { matcher: analyzeIgnoreFile(text, file).matcher, file };
  }
  return undefined;
}

type EngineIgnoreOptions = Pick<
  EnginefileLintOptions,
  "isIgnored" | "ignoreHasExceptions" | "ignoreFileName"
>;

function ignoreOptions(found: { matcher: IgnoreMatcher; file: string }): EngineIgnoreOptions {
  const { matcher, file } = found;
  return {
    isIgnored: (p) => {
      try {
        return matcher.matches(p).excluded;
      } catch (error) {
        // A pattern the engine fails on (reported by `enginekit build`), or the regexp engine still loading
        // in the language server: the rule stays silent rather than guess.
        if (error instanceof IgnoreFileError || error instanceof EngineRegexpNotLoadedError) return false;
        throw error;
      }
    },
    ignoreHasExceptions: matcher.hasExceptions,
    ignoreFileName: basename(file),
  };
}

/**
 * The build context's ignore file for an Enginefile (context = the Enginefile's folder), found as
 * `enginekit build` finds it (`<Enginefile>.engineignore`, `.engineignore`, `<Enginefile>.dockerignore`,
 * `.dockerignore`): the options `isIgnored` and `ignoreFileName` to spread into
 * {@link EnginefileLintOptions}, or `{}` when none exists. Synchronous: when a pattern needs the engine's
 * regexp and it is not loaded yet, loading starts and such patterns match nothing until it is (the
 * language server's next validation has it); {@link loadEngineIgnoreFor} waits instead. Uses the shared
 * `@enginekit/build-context` matcher; patterns the engine refuses are left out (the ignore file's own
 * findings report them).
 */
export function engineIgnoreFor(enginefilePath: string): EngineIgnoreOptions {
  const found = findEngineIgnore(enginefilePath);
  if (!found) return {};
  if (found.matcher.needsEngineRegexp && !engineRegexpLoaded()) void loadEngineRegexp();
  return ignoreOptions(found);
}

/** {@link engineIgnoreFor}, with the engine's regexp loaded first when a pattern needs it. */
export async function loadEngineIgnoreFor(enginefilePath: string): Promise<EngineIgnoreOptions> {
  const found = findEngineIgnore(enginefilePath);
  if (!found) return {};
  if (found.matcher.needsEngineRegexp) await loadEngineRegexp();
  return ignoreOptions(found);
}
