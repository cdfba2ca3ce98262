/**
 * `SettingsSources`: the server's settings merged from every place an LSP client gives them —
 * `initializationOptions`, `workspace/didChangeConfiguration`, `workspace/configuration` (LSP 3.17) — in
 * one order, later sources winning.
 */
import { readServerSettings, type ServerSettings } from "./settings.js";

/** How long the server waits for the client's answer to `workspace/configuration`, in milliseconds. */
export const CONFIGURATION_TIMEOUT_MS = 2_000;

/** Where a settings value came from, lowest precedence first (docs/language-server.md "Settings"). */
export type SettingsSource = "initializationOptions" | "didChangeConfiguration" | "workspace/configuration";

const ORDER: readonly SettingsSource[] = [
  "initializationOptions",
  "didChangeConfiguration",
  "workspace/configuration",
];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Deep merge of plain objects: keys of `over` win, nested objects merge, anything else replaces. */
function mergeSections(
  base: Record<string, unknown>,
  over: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    if (value === null || value === undefined) continue;
    const before = out[key];
    out[key] = isRecord(before) && isRecord(value) ? mergeSections(before, value) : value;
  }
  return out;
}

/**
 * The `enginekit` section inside what a client sends: `{ enginekit: {…} }`, `{ settings: {…} }`,
 * `{ settings: { enginekit: {…} } }` (the shapes editors' documentation uses), else undefined.
 */
export function enginekitSection(value: unknown): Record<string, unknown> | undefined {
  if (!isRecord(value)) return undefined;
  if (isRecord(value.enginekit)) return value.enginekit;
  if (isRecord(value.settings))
    return isRecord(value.settings.enginekit) ? value.settings.enginekit : value.settings;
  return undefined;
}

/**
 * The server's settings from every place a client may give them (#15 item 3), merged key by key in one
 * order, later sources winning: `initializationOptions` (given once at `initialize`), then the latest
 * `workspace/didChangeConfiguration` payload (clients that push), then the latest answer to
 * `workspace/configuration` (clients that are asked). A source that says nothing (`null`, no section)
 * leaves the others in force, so a client that pushes nothing never resets what `initializationOptions`
 * gave. Values are read leniently by {@link readServerSettings}.
 */
export class SettingsSources {
  private readonly sections = new Map<SettingsSource, Record<string, unknown>>();
  private merged: ServerSettings = readServerSettings(undefined);

  /** The effective settings. */
  get current(): ServerSettings {
    return this.merged;
  }

  /** Records what `source` said (undefined or a non-object: nothing) and recomputes; returns the effective settings. */
  set(source: SettingsSource, section: unknown): ServerSettings {
    if (isRecord(section)) this.sections.set(source, section);
    this.merged = readServerSettings(
      ORDER.reduce<Record<string, unknown>>((acc, s) => mergeSections(acc, this.sections.get(s) ?? {}), {}),
    );
    return this.merged;
  }
}
