/**
 * `KIND_TABLE`: every document kind the server serves, with what it announces in `initialize` and how its
 * module is loaded — the server's one lazy-loading seam (a kind's module, and everything it imports, is
 * imported when the first document of that kind is opened; src/kinds/kind-registry.ts).
 */
import type { SemanticTokensLegend } from "vscode-languageserver";
import type { DocumentKind } from "../documents/document-kind.js";
import { COMPOSE_TRIGGER_CHARACTERS } from "./compose/capabilities.js";
import {
  ENGINEFILE_TRIGGER_CHARACTERS,
  SEMANTIC_TOKENS_LEGEND,
  SIGNATURE_TRIGGER_CHARACTERS,
} from "./enginefile/capabilities.js";
import { IGNOREFILE_TRIGGER_CHARACTERS } from "./ignorefile/capabilities.js";
import type { KindModule } from "./language-services.js";
import { MANIFEST_TRIGGER_CHARACTERS } from "./manifest/capabilities.js";

/** One kind: its `initialize` contributions (known before the kind is loaded) and its module's loader. */
export interface KindEntry {
  /** Imports the kind's module (`kinds/<kind>/services.ts`); a dynamic import, so a bundler splits it off. */
  load(): Promise<KindModule>;
  /** Characters that open completion in this kind's documents. */
  completionTriggerCharacters: readonly string[];
  /** Characters that open signature help, when the kind has it. */
  signatureTriggerCharacters?: readonly string[];
  /** The semantic tokens' legend, when the kind has semantic tokens (LSP allows one legend per server). */
  semanticTokensLegend?: SemanticTokensLegend;
}

/**
 * The kinds (src/documents/document-kind.ts says which a document is). The Enginefile kind costs little to
 * load (the parser and its rules); the manifest and Compose kinds bring zod, the api schemas, YAML and ajv,
 * which an Enginefile-only session never loads (test/kind-loading.test.ts keeps it so).
 */
export const KIND_TABLE: Readonly<Record<DocumentKind, KindEntry>> = {
  enginefile: {
    load: () => import("./enginefile/services.js"),
    completionTriggerCharacters: ENGINEFILE_TRIGGER_CHARACTERS,
    signatureTriggerCharacters: SIGNATURE_TRIGGER_CHARACTERS,
    semanticTokensLegend: SEMANTIC_TOKENS_LEGEND,
  },
  ignorefile: {
    load: () => import("./ignorefile/services.js"),
    completionTriggerCharacters: IGNOREFILE_TRIGGER_CHARACTERS,
  },
  manifest: {
    load: () => import("./manifest/services.js"),
    completionTriggerCharacters: MANIFEST_TRIGGER_CHARACTERS,
  },
  compose: {
    load: () => import("./compose/services.js"),
    completionTriggerCharacters: COMPOSE_TRIGGER_CHARACTERS,
  },
};

/** The union of every kind's values of `pick` (in table order, without repeats). */
export function unionOverKinds(pick: (entry: KindEntry) => readonly string[] | undefined): string[] {
  return [...new Set(Object.values(KIND_TABLE).flatMap((entry) => pick(entry) ?? []))];
}
