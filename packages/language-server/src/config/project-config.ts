/**
 * `ProjectConfigs`: the `.enginekit.yaml` settings the editor lints each document with, found, validated
 * and merged as `enginekit lint` does, and watched on disk (the project's own design,
 * docs/language-server.md).
 */
import { type FSWatcher, watch } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import type { LintSettings } from "@enginekit/lint";
import { loadConfigReader } from "@enginekit/lint/config";
import {
  type ConfigReader,
  DEFAULT_SETTINGS,
  engineIgnoreFor,
  findConfigFile,
  ProjectSettings,
  type RuleSeverity,
} from "@enginekit/lint/files";
import type { DocumentKind } from "../documents/document-kind.js";

/**
 * The project configuration the editor lints with: `@enginekit/lint`'s `ProjectSettings` — the same
 * lookup (nearest `.enginekit.yaml` upward), validation and merge as `enginekit lint`, so the editor and
 * CI agree — with the editor's rule severities in the place of `--rule` overrides. Each configuration
 * file found is watched on disk (and the client is asked to watch `**\/.enginekit.{yaml,yml}`); a change
 * re-reads every file. A broken file is reported once (`file:line:column: message`) and the defaults apply.
 * The configuration reader (YAML and the configuration schema) is imported by {@link ready} when a
 * document first has a configuration file to read, not at start-up.
 */
export class ProjectConfigs {
  private project: ProjectSettings;
  private readConfig: ConfigReader | undefined;
  /** The nearest configuration file of each folder looked at (looked for once until the next reset). */
  private readonly lookups = new Map<string, string | undefined>();
  private rules: Record<string, RuleSeverity> = {};
  private readonly watchers = new Map<string, FSWatcher>();
  private readonly shown = new Set<string>();

  constructor(
    private readonly onError: (message: string) => void,
    private readonly onChange: () => void,
  ) {
    this.project = new ProjectSettings("/", {});
  }

  /**
   * Makes the configuration that applies to the document readable: when a `.enginekit.yaml` (or `.yml`)
   * exists in its folder or above and the reader is not loaded yet, imports it (`loadConfigReader` of
   * `@enginekit/lint/config`)
   * and starts over with it. Call before {@link settingsFor} and {@link isManifest}; until then they see no
   * configuration file. Rejects only when the reader cannot be loaded.
   */
  async ready(uri: string): Promise<void> {
    if (this.readConfig) return;
    const path = this.pathOf(uri);
    if (!path) return;
    if (findConfigFile(dirname(path), this.lookups) === undefined) return;
    const readConfig = await loadConfigReader();
    if (this.readConfig) return;
    this.readConfig = readConfig;
    this.reset();
  }

  /** Forgets every loaded file (a configuration file changed, or the editor's rules did). */
  reset(rules: Record<string, RuleSeverity> = this.rules): void {
    this.rules = rules;
    this.project = new ProjectSettings("/", Object.keys(rules).length > 0 ? { rules } : {}, this.readConfig);
    this.shown.clear();
    this.lookups.clear();
  }

  private pathOf(uri: string): string | undefined {
    if (!uri.startsWith("file:")) return undefined;
    try {
      return fileURLToPath(uri);
    } catch {
      return undefined;
    }
  }

  private watchFile(file: string): void {
    if (this.watchers.has(file)) return;
    try {
      const watcher = watch(file, { persistent: false }, () => {
        this.reset();
        this.onChange();
      });
      watcher.on("error", () => undefined);
      this.watchers.set(file, watcher);
    } catch {
      // not watchable (removed meanwhile): the client's file watching still applies
    }
  }

  /** The lint settings for a document (`enginekit lint`'s for its path; defaults for unsaved documents). */
  settingsFor(uri: string, kind: DocumentKind): LintSettings {
    const path = this.pathOf(uri);
    if (!path) return { ...DEFAULT_SETTINGS, rules: { ...this.rules } };
    try {
      const file = this.project.forFile(path);
      if (file.config) this.watchFile(file.config.file);
      if (kind !== "enginefile" && kind !== "ignorefile") return file.settings;
      return { ...file.settings, enginefile: { ...file.settings.enginefile, ...engineIgnoreFor(path) } };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (!this.shown.has(message)) {
        this.shown.add(message);
        this.onError(`enginekit: ${message}`);
      }
      return { ...DEFAULT_SETTINGS, rules: { ...this.rules } };
    }
  }

  /** The engine API version the project targets (`.enginekit.yaml` `apiVersion`), if set. */
  apiVersionFor(uri: string): string | undefined {
    return this.settingsFor(uri, "manifest").manifestApiVersion;
  }

  /** True when the project's `manifests` globs name the document as a manifest. */
  isManifest(uri: string): boolean {
    const path = this.pathOf(uri);
    if (!path) return false;
    try {
      return this.project.isManifest(path);
    } catch {
      return false;
    }
  }

  /** The folder of a document's path (for messages), or undefined for non-file documents. */
  folderOf(uri: string): string | undefined {
    const path = this.pathOf(uri);
    return path ? dirname(path) : undefined;
  }

  /** Stops watching files. */
  dispose(): void {
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
  }
}
