/**
 * The navigation model of a loaded Compose project: every file the loader read (the project's files and
 * override files, `include`d files, `extends` files) read again as written — before merging, `extends` and
 * interpolation, which would hide an override's or a base file's own occurrences — and every name each one
 * defines or uses ({@link fileOccurrences}), resolved to its definitions. Names of the project's files and of
 * `include`d files are one namespace (compose-go imports an included project's resources into the including
 * one); a file read only for `extends` keeps its services to itself (compose-go takes the one service it is
 * asked for), and its references look in the project first, then in the file. Pure; never throws.
 */
import { resolve } from "node:path";
import { substitute } from "../interpolate/template.js";
import type { ComposeProject } from "../load/load-project.js";
import { type ComposeNode, propertyValue, scalarText } from "../model/compose-node.js";
import { readComposeFile } from "../read/read-compose-file.js";
import { type FileScopes, fileOccurrences } from "./file-occurrences.js";
import type { FileText } from "./name-in-value.js";
import type { NameKind, NameOccurrence } from "./name-occurrence.js";

/** One file as navigation reads it: its text and lines, its trees as written, and its role in the project. */
export interface NavigationFile extends FileText {
  roots: readonly ComposeNode[];
  /** The folder its relative paths start from (compose-go's working directory of the file). */
  baseDirectory: string;
  /** True for the project's files and `include`d files; false for a file read only for `extends`. */
  projectScoped: boolean;
}

/** A name resolved: its kind, the scope that defines it, and its text. */
export interface ResolvedName {
  kind: NameKind;
  scope: string;
  name: string;
}

function keyOf(name: ResolvedName): string {
  return `${name.kind}\0${name.scope}\0${name.name}`;
}

/** The occurrences of a project's names, each resolved; see the module comment. */
export class ProjectNavigation {
  /** Every file, by absolute path, in the order the loader read them. */
  readonly files = new Map<string, NavigationFile>();
  /** Every occurrence, once per place (aliases of an anchor share the anchor's place). */
  readonly occurrences: NameOccurrence[] = [];
  readonly #resolved = new Map<NameOccurrence, ResolvedName>();
  readonly #byName = new Map<string, NameOccurrence[]>();

  constructor(readonly project: ComposeProject) {
    const lookup = (name: string) => project.variables.get(name);
    for (const [file, read] of project.sources) {
      const raw = readComposeFile(file, read.text);
      this.files.set(file, {
        file,
        text: read.text,
        lines: raw.lines,
        lookup,
        roots: raw.roots,
        baseDirectory: project.baseDirectories.get(file) ?? project.projectDirectory,
        projectScoped: false,
      });
    }
    this.#markProjectScoped();
    const seen = new Set<string>();
    for (const file of this.files.values()) {
      const scopes: FileScopes = {
        definitions: file.projectScoped ? "" : file.file,
        references: file.projectScoped ? [""] : ["", file.file],
        // a file the loader could not read keeps the reference unresolved, in a scope of its own
        ofExtendsFile: (path) => (this.files.get(path)?.projectScoped ? "" : path),
      };
      for (const occurrence of fileOccurrences(file, file.roots, scopes)) {
        const place = `${occurrence.kind}\0${occurrence.definition}\0${occurrence.file}\0${occurrence.range.start.offset}`;
        if (seen.has(place)) continue;
        seen.add(place);
        this.occurrences.push(occurrence);
      }
    }
    const defined = new Set(
      this.occurrences.filter((o) => o.definition).map((o) => keyOf(resolvedAs(o, o.scopes[0]!))),
    );
    for (const occurrence of this.occurrences) {
      const scope =
        occurrence.scopes.find((s) => defined.has(keyOf(resolvedAs(occurrence, s)))) ?? occurrence.scopes[0]!;
      const resolved = resolvedAs(occurrence, scope);
      this.#resolved.set(occurrence, resolved);
      const key = keyOf(resolved);
      const list = this.#byName.get(key);
      if (list) list.push(occurrence);
      else this.#byName.set(key, [occurrence]);
    }
  }

  /** Marks the project's files and, transitively, the files they `include`. */
  #markProjectScoped(): void {
    const queue = this.project.files.filter((f) => this.files.has(f));
    while (queue.length > 0) {
      const file = this.files.get(queue.shift()!)!;
      if (file.projectScoped) continue;
      file.projectScoped = true;
      for (const root of file.roots)
        for (const path of includedPaths(root)) {
          const target = resolve(file.baseDirectory, substitute(path, file.lookup).value);
          if (this.files.get(target)?.projectScoped === false) queue.push(target);
        }
    }
  }

  /** The occurrence whose range holds `offset` in `file` (ends included, so a cursor just after a name counts). */
  occurrenceAt(file: string, offset: number): NameOccurrence | undefined {
    let best: NameOccurrence | undefined;
    for (const o of this.occurrences)
      if (o.file === file && o.range.start.offset <= offset && offset <= o.range.end.offset)
        if (
          !best ||
          o.range.end.offset - o.range.start.offset < best.range.end.offset - best.range.start.offset
        )
          best = o;
    return best;
  }

  /** What `occurrence` names, resolved to the scope that defines it (the first of its scopes when none does). */
  resolve(occurrence: NameOccurrence): ResolvedName {
    return this.#resolved.get(occurrence) ?? resolvedAs(occurrence, occurrence.scopes[0]!);
  }

  /** Every occurrence of a resolved name, definitions first, in file order then text order. */
  occurrencesOf(name: ResolvedName): NameOccurrence[] {
    const order = [...this.files.keys()];
    return [...(this.#byName.get(keyOf(name)) ?? [])].sort(
      (a, b) =>
        Number(b.definition) - Number(a.definition) ||
        order.indexOf(a.file) - order.indexOf(b.file) ||
        a.range.start.offset - b.range.start.offset,
    );
  }

  /** The definitions of the name at `offset` in `file` (none when no name is there or it is undefined). */
  definitionsAt(file: string, offset: number): NameOccurrence[] {
    const at = this.occurrenceAt(file, offset);
    return at ? this.occurrencesOf(this.resolve(at)).filter((o) => o.definition) : [];
  }

  /** Every occurrence of the name at `offset` in `file`; `includeDefinitions: false` leaves definitions out. */
  referencesAt(file: string, offset: number, includeDefinitions = true): NameOccurrence[] {
    const at = this.occurrenceAt(file, offset);
    if (!at) return [];
    const all = this.occurrencesOf(this.resolve(at));
    return includeDefinitions ? all : all.filter((o) => !o.definition);
  }
}

function resolvedAs(occurrence: NameOccurrence, scope: string): ResolvedName {
  return { kind: occurrence.kind, scope, name: occurrence.name };
}

/** The paths an `include` section names (`- path`, `- path: p`, `- path: [a, b]`), as written. */
function includedPaths(root: ComposeNode): string[] {
  const include = propertyValue(root, "include");
  if (include?.kind !== "array") return [];
  return include.items.flatMap((entry) => {
    const path = entry.kind === "object" ? propertyValue(entry, "path") : entry;
    const nodes = path?.kind === "array" ? path.items : path ? [path] : [];
    return nodes.flatMap((node) => {
      const text = scalarText(node);
      return text === undefined ? [] : [text];
    });
  });
}
