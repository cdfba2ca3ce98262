/**
 * Renaming a service, network, volume, secret, config or container name across a project: one edit per
 * occurrence ({@link ProjectNavigation}) in every file that writes it — the project's files and override
 * files, `include`d files, `extends` files. Refused, with one line saying where, when an occurrence's name
 * comes from interpolation or is written with escapes (no edit could change it without changing the
 * variable), when the new name is not one Compose accepts (the Compose Specification's `^[a-zA-Z0-9._-]+$`
 * for the five sections; the engine's container-name pattern `[a-zA-Z0-9][a-zA-Z0-9_.-]+` for
 * `container_name`), when YAML would read it as something else than a string, or when the name is taken.
 */
import { basename } from "node:path";
import type { TextEdit } from "@enginekit/text";
import type { NameKind, NameOccurrence } from "./name-occurrence.js";
import type { ProjectNavigation } from "./project-navigation.js";

/** The edits of one file. */
export interface FileEdits {
  file: string;
  edits: TextEdit[];
}

/** A rename's edits, file by file in project order, or why it cannot be done. */
export type RenameResult = { files: FileEdits[] } | { error: string };

const NAME_PATTERN: Record<NameKind, RegExp> = {
  service: /^[a-zA-Z0-9._-]+$/,
  network: /^[a-zA-Z0-9._-]+$/,
  volume: /^[a-zA-Z0-9._-]+$/,
  secret: /^[a-zA-Z0-9._-]+$/,
  config: /^[a-zA-Z0-9._-]+$/,
  container: /^[a-zA-Z0-9][a-zA-Z0-9_.-]+$/,
};

/** Plain scalars YAML 1.2's core schema reads as null, booleans or numbers. */
const NOT_A_STRING =
  /^(?:~|null|true|false|[-+]?(?:[0-9]+|\.[0-9]+|[0-9]+\.[0-9]*)(?:[eE][-+]?[0-9]+)?|0x[0-9a-fA-F]+|0o[0-7]+|[-+]?\.inf|\.nan)$/i;

function where(o: NameOccurrence): string {
  return `${basename(o.file)}:${o.range.start.line + 1}:${o.range.start.character + 1}`;
}

/**
 * The name at `offset` in `file` and its range, when it can be renamed; `{ error }` when it cannot; undefined
 * when no name is there. Follows LSP `textDocument/prepareRename`.
 */
export function prepareRename(
  navigation: ProjectNavigation,
  file: string,
  offset: number,
): { occurrence: NameOccurrence } | { error: string } | undefined {
  const at = navigation.occurrenceAt(file, offset);
  if (!at) return undefined;
  const all = navigation.occurrencesOf(navigation.resolve(at));
  const fixed = all.find((o) => o.fixed);
  if (fixed) return { error: `cannot rename ${at.kind} "${at.name}": ${fixed.fixed}` };
  return { occurrence: at };
}

/** The edits renaming the name at `offset` in `file` to `newName`, or why not (see the module comment). */
export function renameEdits(
  navigation: ProjectNavigation,
  file: string,
  offset: number,
  newName: string,
): RenameResult {
  const prepared = prepareRename(navigation, file, offset);
  if (!prepared) return { error: "no service, network, volume, secret, config or container name here" };
  if ("error" in prepared) return prepared;
  const at = prepared.occurrence;
  const resolved = navigation.resolve(at);
  const occurrences = navigation.occurrencesOf(resolved);
  if (at.kind === "network" && at.name === "default" && !occurrences.some((o) => o.definition))
    return {
      error:
        'the network "default" is the one Compose creates for every project: define it under networks to rename it',
    };
  if (!NAME_PATTERN[at.kind].test(newName))
    return { error: `"${newName}" is not a valid ${at.kind} name (${NAME_PATTERN[at.kind].source})` };
  if (NOT_A_STRING.test(newName))
    return { error: `"${newName}" would be read as a number, boolean or null in YAML; choose another name` };
  if (newName !== resolved.name) {
    const taken = navigation.occurrencesOf({ ...resolved, name: newName }).find((o) => o.definition);
    if (taken) return { error: `a ${at.kind} named "${newName}" is already defined at ${where(taken)}` };
  }
  const byFile = new Map<string, TextEdit[]>();
  for (const file of navigation.files.keys()) byFile.set(file, []);
  for (const o of navigation.occurrencesOf(resolved))
    byFile.get(o.file)?.push({ range: o.range, newText: newName });
  for (const edits of byFile.values()) edits.sort((a, b) => a.range.start.offset - b.range.start.offset);
  return {
    files: [...byFile].filter(([, edits]) => edits.length > 0).map(([file, edits]) => ({ file, edits })),
  };
}
