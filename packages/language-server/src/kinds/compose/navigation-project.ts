/**
 * The project a Compose document navigates in, and its navigation model (`ProjectNavigation` of
 * `@enginekit/compose`): the nearest project that reads the document — a default file (`compose.yaml` …) in
 * the document's folder or one of its parents whose project (with its override file, `include`s and
 * `extends`) reads it, so an included `lib/compose.yaml` navigates within the project that includes it —
 * else the document's own project as `enginekit lint` loads it (`projectFilesOf`: a default file with its
 * override, an override with its base, another file alone). Files are read from the editor's open documents
 * first, then from disk, so edits computed here apply to the texts the editor holds. An unsaved document is a
 * project of its own text alone. Variables come from the server's environment, then `.env`, as in
 * diagnostics. {@link NavigationCache} keeps the last model per document while no open document changes
 * (documentHighlight asks at every cursor move), for a few seconds (files on disk may change meanwhile).
 */
import { basename, dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import {
  type ComposeFileSystem,
  DEFAULT_FILE_NAMES,
  loadProject,
  memoryFileSystem,
  nodeFileSystem,
  ProjectNavigation,
  projectFilesOf,
} from "@enginekit/compose";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { filePathOf } from "../../documents/document-kind.js";

/** How many folders above the document's are searched for a project that includes it. */
const MAX_PARENT_FOLDERS = 8;

/** A document's navigation: the model, the document's path in it, and the URIs to answer with. */
export interface DocumentNavigation {
  navigation: ProjectNavigation;
  /** The document's absolute path (`/untitled/<name>` for an unsaved document). */
  file: string;
  /** The URI of a file of the project: the open document's own URI when it is open, else a `file:` URI. */
  uriOf(file: string): string;
}

/** The open documents the server knows (vscode-languageserver's `TextDocuments`). */
interface OpenDocuments {
  all(): TextDocument[];
}

type Environment = Readonly<Record<string, string | undefined>>;

function loaded(files: string[], fileSystem: ComposeFileSystem, environment: Environment): ProjectNavigation {
  const project = loadProject({ workingDir: dirname(files[0]!), files, environment, fileSystem });
  return new ProjectNavigation(project);
}

/** The navigation of `document` (see the module comment). Never throws. */
function documentNavigation(
  document: TextDocument,
  open: OpenDocuments,
  environment: Environment,
): DocumentNavigation {
  const path = filePathOf(document.uri);
  if (path === undefined) {
    const file = `/untitled/${basename(document.uri) || "compose.yaml"}`;
    const navigation = loaded([file], memoryFileSystem({ [file]: document.getText() }), {});
    return { navigation, file, uriOf: (f) => (f === file ? document.uri : f) };
  }
  const uris = new Map<string, string>();
  const texts = new Map<string, string>();
  for (const d of open.all()) {
    const p = filePathOf(d.uri);
    if (p === undefined) continue;
    uris.set(p, d.uri);
    texts.set(p, d.getText());
  }
  uris.set(path, document.uri);
  texts.set(path, document.getText());
  const fileSystem: ComposeFileSystem = {
    readFile: (p) => texts.get(p) ?? nodeFileSystem.readFile(p),
    isFile: (p) => texts.has(p) || nodeFileSystem.isFile(p),
  };
  const uriOf = (f: string) => uris.get(f) ?? pathToFileURL(f).href;
  const own = projectFilesOf(path, fileSystem);
  let folder = dirname(path);
  for (let level = 0; level <= MAX_PARENT_FOLDERS; level++) {
    const base = DEFAULT_FILE_NAMES.map((name) => join(folder, name)).find((p) => fileSystem.isFile(p));
    if (base !== undefined && base !== own[0]) {
      const navigation = loaded(projectFilesOf(base, fileSystem), fileSystem, environment);
      if (navigation.files.has(path)) return { navigation, file: path, uriOf };
    }
    const parent = dirname(folder);
    if (parent === folder) break;
    folder = parent;
  }
  return { navigation: loaded(own, fileSystem, environment), file: path, uriOf };
}

/** How long a cached model is used while no open document changes (files on disk may change meanwhile). */
const CACHE_MS = 3_000;

/** The last navigation of each document, reused while the open documents are unchanged (see the module comment). */
export class NavigationCache {
  readonly #entries = new Map<string, { key: string; at: number; navigation: DocumentNavigation }>();

  constructor(
    private readonly open: OpenDocuments,
    private readonly environment: Environment,
  ) {}

  /** The navigation of `document`, built again when an open document changed or the entry is old. */
  of(document: TextDocument): DocumentNavigation {
    const key = this.open
      .all()
      .map((d) => `${d.uri}@${d.version}`)
      .sort()
      .join("\n");
    const cached = this.#entries.get(document.uri);
    if (cached && cached.key === key && Date.now() - cached.at < CACHE_MS) return cached.navigation;
    const navigation = documentNavigation(document, this.open, this.environment);
    this.#entries.set(document.uri, { key, at: Date.now(), navigation });
    return navigation;
  }

  /** Forgets a closed document. */
  delete(uri: string): void {
    this.#entries.delete(uri);
  }
}
