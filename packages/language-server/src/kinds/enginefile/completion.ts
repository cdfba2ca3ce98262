/**
 * Enginefile completion (LSP `textDocument/completion` and `completionItem/resolve`): instructions with
 * snippets, parser directives, flags and `--mount` options with their values, stage names, variables in
 * scope, signals and local images (the trigger characters are in ./capabilities.ts).
 */
import { type Instruction, SIGNALS } from "@enginekit/enginefile";
import type { AnalyzedEnginefile } from "@enginekit/lint";
import {
  type CompletionItem,
  CompletionItemKind,
  CompletionItemTag,
  InsertTextFormat,
  MarkupKind,
} from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { type CursorContext, cursorContext } from "./cursor-context.js";
import { type SecretIdOffer, secretIdItems } from "./secret-id-completion.js";
import { DIRECTIVES, FLAGS, flagsOf, INSTRUCTIONS, MOUNT_OPTIONS } from "./syntax-docs.js";

/** Client abilities that change completion items. */
export interface CompletionOptions {
  snippets: boolean;
  /** The client resolves `documentation` lazily (`completionItem/resolve`): long docs are left out of the list. */
  resolveDocumentation?: boolean;
  /** The secret ids the project's build configuration provides (offered after `type=secret,id=`). */
  secretIds?: readonly SecretIdOffer[];
}

/** What `completionItem/resolve` needs to fill an item's documentation (kept in `CompletionItem.data`). */
type ResolveData = { resolve: "instruction"; keyword: string };

/** The documentation of an instruction item: summary and syntax lines. */
function instructionDocs(keyword: string) {
  const i = INSTRUCTIONS.find((x) => x.keyword === keyword);
  return i ? markdown(`${i.summary}\n\n\`\`\`\n${i.syntax.join("\n")}\n\`\`\``) : undefined;
}

/**
 * `completionItem/resolve`: fills the documentation left out of the list (instruction items carry
 * `data: { resolve: "instruction", keyword }`). Other items come back unchanged.
 */
export function resolveCompletionItem(item: CompletionItem): CompletionItem {
  const data = item.data as ResolveData | undefined;
  if (data?.resolve !== "instruction" || item.documentation) return item;
  const documentation = instructionDocs(data.keyword);
  return documentation ? { ...item, documentation } : item;
}

const RE_TRIGGER = { title: "Suggest", command: "editor.action.triggerSuggest" };

function markdown(value: string) {
  return { kind: MarkupKind.Markdown, value };
}

function replaceItem(
  document: TextDocument,
  start: number,
  end: number,
  label: string,
  kind: CompletionItemKind,
  extra: Partial<CompletionItem> = {},
): CompletionItem {
  const range = { start: document.positionAt(start), end: document.positionAt(end) };
  return {
    label,
    kind,
    textEdit: { range, newText: extra.insertText ?? label },
    ...extra,
    insertText: undefined,
  };
}

/**
 * Instructions in the order people write them inside a stage, most written first (the counts of the
 * 257-file real-world corpus, `corpus/enginefiles`: RUN 869, ENV 821, COPY 277, ARG 146, CMD 126,
 * ENTRYPOINT 107, EXPOSE 98, WORKDIR 92 …, with COPY and WORKDIR raised above the docker-library images'
 * long ENV blocks, as application Dockerfiles use them), FROM for the next stage after the common ones,
 * and the deprecated MAINTAINER last.
 */
const INSTRUCTION_ORDER_IN_STAGE: readonly string[] = [
  "RUN",
  "COPY",
  "ENV",
  "WORKDIR",
  "ARG",
  "CMD",
  "ENTRYPOINT",
  "EXPOSE",
  "USER",
  "LABEL",
  "ADD",
  "FROM",
  "VOLUME",
  "HEALTHCHECK",
  "SHELL",
  "STOPSIGNAL",
  "ONBUILD",
  "MAINTAINER",
];

/**
 * Instructions before the first FROM (an empty file, or only ARGs, comments and directives above the
 * cursor): FROM, then ARG (the only instruction allowed before FROM), then the rest as in a stage.
 */
const INSTRUCTION_ORDER_BEFORE_FROM: readonly string[] = [
  "FROM",
  "ARG",
  ...INSTRUCTION_ORDER_IN_STAGE.filter((k) => k !== "FROM" && k !== "ARG"),
];

/**
 * The instruction items at a keyword position, each with a `sortText` giving its rank (clients sort by
 * `sortText`, falling back to the label, which would make the list alphabetical: LSP 3.17
 * `CompletionItem.sortText`), so every client shows FROM first in an empty file and RUN first in a stage.
 * The list itself is in that order too.
 */
function instructionItems(
  document: TextDocument,
  file: AnalyzedEnginefile,
  ctx: CursorContext,
  options: CompletionOptions,
): CompletionItem[] {
  const start = ctx.offset - (/[A-Za-z]*$/.exec(ctx.linePrefix)?.[0].length ?? 0);
  const onbuild = /ONBUILD\s+[A-Za-z]*$/i.test(ctx.linePrefix);
  const afterFrom = file.doc.instructions.some((i) => i.kind === "from" && i.range.end.offset <= start);
  const order = afterFrom || onbuild ? INSTRUCTION_ORDER_IN_STAGE : INSTRUCTION_ORDER_BEFORE_FROM;
  return INSTRUCTIONS.filter((i) => !onbuild || !["ONBUILD", "FROM", "MAINTAINER"].includes(i.keyword))
    .map((i) => {
      const data: ResolveData = { resolve: "instruction", keyword: i.keyword };
      const rank = order.indexOf(i.keyword);
      const item = replaceItem(document, start, ctx.offset, i.keyword, CompletionItemKind.Keyword, {
        sortText: String(rank < 0 ? order.length : rank).padStart(2, "0"),
        detail: i.syntax[0],
        ...(options.resolveDocumentation ? { data } : { documentation: instructionDocs(i.keyword) }),
        ...(options.snippets ? { insertText: i.snippet, insertTextFormat: InsertTextFormat.Snippet } : {}),
      });
      if (i.deprecated) item.tags = [CompletionItemTag.Deprecated];
      return item;
    })
    .sort((a, b) => (a.sortText! < b.sortText! ? -1 : 1)); // the list in rank order too, for clients that keep it
}

function directiveItems(document: TextDocument, ctx: CursorContext): CompletionItem[] {
  const m = /^#\s*([a-z]*)(=([^\s]*))?$/i.exec(ctx.linePrefix);
  if (!m) return [];
  if (m[2] === undefined) {
    const start = ctx.offset - (m[1]?.length ?? 0);
    return DIRECTIVES.map((d) =>
      replaceItem(document, start, ctx.offset, d.name, CompletionItemKind.Property, {
        detail: d.syntax,
        documentation: markdown(d.summary),
        insertText: `${d.name}=`,
        command: RE_TRIGGER,
      }),
    );
  }
  const directive = DIRECTIVES.find((d) => d.name === m[1]?.toLowerCase());
  const start = ctx.offset - (m[3]?.length ?? 0);
  return (directive?.values ?? []).map((v) =>
    replaceItem(document, start, ctx.offset, v, CompletionItemKind.Value, { detail: directive?.syntax }),
  );
}

/** Whole directive lines (`# syntax=`) offered on a blank line at the top of the file. */
function directiveLineItems(document: TextDocument, ctx: CursorContext): CompletionItem[] {
  return DIRECTIVES.map((d) =>
    replaceItem(document, ctx.offset, ctx.offset, `# ${d.name}=`, CompletionItemKind.Property, {
      detail: d.syntax,
      documentation: markdown(d.summary),
      sortText: `~${d.name}`,
      command: RE_TRIGGER,
    }),
  );
}

/** The `${NAME:` modifiers of BuildKit's shell lexer (`${VAR:-default}`, `${VAR:+alternative}`, `${VAR:?message}`). */
const MODIFIERS = [
  { op: "-", summary: "the value of the variable, or `word` when it is unset or empty" },
  { op: "+", summary: "`word` when the variable is set and not empty, else nothing" },
  { op: "?", summary: "the value of the variable; the build fails with `message` when it is unset or empty" },
];

/**
 * Variables in scope at the instruction, with their resolved values (ENV first, then ARGs). The item
 * replaces the whole name around the cursor (`${APP_|NAME}` gives `${APP_NAME}`, never a repeated tail)
 * and adds `}` after `${` when no `}` or `:` modifier follows the name. After `${NAME:` the modifiers.
 */
function variableItems(
  document: TextDocument,
  file: AnalyzedEnginefile,
  ctx: CursorContext,
): CompletionItem[] {
  const modifier = /\$\{([A-Za-z_][A-Za-z0-9_]*):$/.exec(ctx.linePrefix);
  if (modifier)
    return MODIFIERS.map((m) =>
      replaceItem(document, ctx.offset, ctx.offset, `:${m.op}`, CompletionItemKind.Operator, {
        filterText: m.op,
        detail: `\${${modifier[1]}:${m.op}word}`,
        documentation: markdown(m.summary),
        insertText: m.op,
      }),
    );
  const m = /\$(\{?)([A-Za-z0-9_]*)$/.exec(ctx.linePrefix);
  if (!m || !ctx.instruction) return [];
  const scope = file.scopes.get(ctx.instruction);
  if (!scope) return [];
  const braced = m[1] === "{";
  const start = ctx.offset - (m[2]?.length ?? 0);
  const rest = /^[A-Za-z0-9_]*/.exec(file.text.slice(ctx.offset))?.[0] ?? "";
  const end = ctx.offset + rest.length;
  const closing = braced && !/^[}:]/.test(file.text.slice(end)) ? "}" : "";
  return scope.bindings().map((b, index) =>
    replaceItem(document, start, end, b.name, CompletionItemKind.Variable, {
      detail: b.value === undefined ? `${b.kind} (no value)` : `${b.kind} = ${b.value}`,
      documentation: markdown(
        b.value === undefined
          ? `\`${b.name}\` has no value here.`
          : `\`${b.name}\` = \`${b.value}\` (${b.kind})`,
      ),
      insertText: `${b.name}${closing}`,
      sortText: String(index).padStart(4, "0"),
    }),
  );
}

function stageNamesBefore(file: AnalyzedEnginefile, offset: number): string[] {
  return file.doc.stages
    .filter((s) => s.name !== undefined && s.from.range.end.offset < offset)
    .map((s) => s.name as string);
}

function mountItems(
  document: TextDocument,
  file: AnalyzedEnginefile,
  ctx: CursorContext,
  value: string,
  secretIds: readonly SecretIdOffer[] | undefined,
): CompletionItem[] {
  const pieceStart = value.lastIndexOf(",") + 1;
  const piece = value.slice(pieceStart);
  const type = /(?:^|,)type=([a-z]+)/.exec(value)?.[1] ?? "bind";
  const eq = piece.indexOf("=");
  if (eq < 0) {
    const used = new Set(value.split(",").map((p) => p.split("=")[0]));
    return MOUNT_OPTIONS.filter((o) => o.types.includes(type) && !used.has(o.key)).map((o) =>
      replaceItem(document, ctx.offset - piece.length, ctx.offset, o.key, CompletionItemKind.Property, {
        detail: `--mount ${o.key} (${o.types.join(", ")})`,
        documentation: markdown(o.summary),
        insertText: o.key === "rw" || o.key === "ro" ? o.key : `${o.key}=`,
        ...(o.key === "rw" || o.key === "ro" ? {} : { command: RE_TRIGGER }),
      }),
    );
  }
  const key = piece.slice(0, eq);
  const typed = piece.slice(eq + 1);
  const idItems = secretIdItems(document, type, key, ctx.offset - typed.length, ctx.offset, secretIds);
  if (idItems) return idItems;
  const values =
    key === "from"
      ? stageNamesBefore(file, ctx.instruction?.range.start.offset ?? ctx.offset)
      : (MOUNT_OPTIONS.find((o) => o.key === key)?.values ?? []);
  return values.map((v) =>
    replaceItem(document, ctx.offset - typed.length, ctx.offset, v, CompletionItemKind.EnumMember, {
      detail: `--mount ${key}`,
    }),
  );
}

function flagItems(
  document: TextDocument,
  file: AnalyzedEnginefile,
  ctx: CursorContext,
  ins: Instruction,
  secretIds: readonly SecretIdOffer[] | undefined,
): CompletionItem[] {
  const keyword = ins.keyword.toUpperCase();
  const eq = ctx.word.indexOf("=");
  if (eq < 0) {
    const present = new Set(
      ins.flags.filter((f) => f.name !== "mount" && f.name !== "exclude").map((f) => f.name),
    );
    return flagsOf(keyword)
      .filter((f) => !present.has(f.name))
      .map((f) =>
        replaceItem(document, ctx.wordStart, ctx.offset, `--${f.name}`, CompletionItemKind.Property, {
          detail: f.syntax,
          documentation: markdown(f.summary),
          insertText: f.boolean ? `--${f.name}` : `--${f.name}=`,
          ...(f.boolean || !(f.values || f.name === "from") ? {} : { command: RE_TRIGGER }),
        }),
      );
  }
  const name = ctx.word.slice(2, eq);
  const value = ctx.word.slice(eq + 1);
  if (keyword === "RUN" && name === "mount") return mountItems(document, file, ctx, value, secretIds);
  const flag = FLAGS.find((f) => f.name === name && f.instructions.includes(keyword));
  const values = name === "from" ? stageNamesBefore(file, ins.range.start.offset) : (flag?.values ?? []);
  return values.map((v) =>
    replaceItem(
      document,
      ctx.offset - value.length,
      ctx.offset,
      v,
      name === "from" ? CompletionItemKind.Reference : CompletionItemKind.EnumMember,
      {
        detail: flag?.syntax,
      },
    ),
  );
}

function argumentItems(
  document: TextDocument,
  file: AnalyzedEnginefile,
  ctx: CursorContext,
  ins: Instruction,
): CompletionItem[] {
  const afterKeyword = file.text.slice(ins.keywordRange.end.offset, ctx.wordStart);
  const words = afterKeyword.split(/\s+/).filter((w) => w.length > 0 && !w.startsWith("--"));
  switch (ins.kind) {
    case "from":
      // After `name:` or `name@` a tag or digest is typed: never stage names (image tags come from the engine).
      if (words.length === 0 && /[:@/]/.test(ctx.word)) return [];
      if (words.length === 0)
        return stageNamesBefore(file, ins.range.start.offset).map((n) =>
          replaceItem(document, ctx.wordStart, ctx.offset, n, CompletionItemKind.Reference, {
            detail: "build stage",
          }),
        );
      if (words.length === 1)
        return [
          replaceItem(document, ctx.wordStart, ctx.offset, "AS", CompletionItemKind.Keyword, {
            insertText: "AS ",
          }),
        ];
      return [];
    case "stopsignal":
      return words.length === 0
        ? Object.entries(SIGNALS).map(([name, number]) =>
            replaceItem(
              document,
              ctx.wordStart,
              ctx.offset,
              name.startsWith("SIG") ? name : `SIG${name}`,
              CompletionItemKind.EnumMember,
              {
                detail: `signal ${number}`,
              },
            ),
          )
        : [];
    case "healthcheck":
      return words.length === 0
        ? ["CMD", "NONE"].map((k) =>
            replaceItem(document, ctx.wordStart, ctx.offset, k, CompletionItemKind.Keyword, {
              insertText: k === "CMD" ? "CMD " : k,
            }),
          )
        : [];
    default:
      return [];
  }
}

/**
 * Where a `FROM` base image is being typed at `offset` (the first word after the flags), or undefined:
 * the offsets of the typed word. Image completion (src/engine/local-images.ts) answers there.
 */
export function imageWordAt(
  file: AnalyzedEnginefile,
  offset: number,
): { start: number; end: number } | undefined {
  const ctx = cursorContext(file, offset);
  const ins = ctx.instruction;
  if (ins?.kind !== "from" || ctx.inHeredoc || ctx.word.startsWith("-") || ctx.atKeyword) return undefined;
  const before = file.text.slice(ins.keywordRange.end.offset, ctx.wordStart);
  const words = before.split(/\s+|\\\r?\n/).filter((w) => w !== "" && w !== "\\" && !w.startsWith("--"));
  return words.length === 0 ? { start: ctx.wordStart, end: ctx.offset } : undefined;
}

/** Completion items for local images (`name:tag`) replacing the typed image word. */
export function imageItems(
  document: TextDocument,
  word: { start: number; end: number },
  tags: readonly string[],
): CompletionItem[] {
  return tags.map((tag, index) =>
    replaceItem(document, word.start, word.end, tag, CompletionItemKind.Module, {
      detail: "local image",
      sortText: `~${String(index).padStart(5, "0")}`,
    }),
  );
}

/**
 * Completion in an Enginefile at `offset` (task §2): instructions with snippets at a keyword position
 * (ONBUILD triggers too), parser directives and their values at the top, flags of the instruction and
 * their values (`RUN --mount` keys and values per mount type, `--network`, `--security`, COPY/ADD,
 * HEALTHCHECK), stage names after `--from=`/`from=` and in FROM, variables in scope after `$`/`${` with
 * their resolved values, STOPSIGNAL names, HEALTHCHECK CMD/NONE. Nothing inside heredoc bodies.
 */
export function enginefileCompletion(
  document: TextDocument,
  file: AnalyzedEnginefile,
  offset: number,
  options: CompletionOptions,
): CompletionItem[] {
  const ctx = cursorContext(file, offset);
  if (/\$\{?[A-Za-z0-9_]*$|\$\{[A-Za-z_][A-Za-z0-9_]*:$/.test(ctx.linePrefix) && ctx.instruction)
    return variableItems(document, file, ctx);
  if (ctx.inHeredoc) return [];
  if (ctx.linePrefix.trimStart().startsWith("#"))
    return ctx.inDirectiveRegion ? directiveItems(document, ctx) : [];
  if (ctx.atKeyword) {
    const instructions = instructionItems(document, file, ctx, options);
    // On a blank line of the directive region, the directives too (`# syntax=` …).
    if (!ctx.inDirectiveRegion || ctx.linePrefix.trim() !== "") return instructions;
    return [...directiveLineItems(document, ctx), ...instructions];
  }
  const ins = ctx.instruction;
  if (!ins) return [];
  if (ctx.word.startsWith("-")) {
    const before = file.text.slice(ins.keywordRange.end.offset, ctx.wordStart);
    const onlyFlagsBefore = before
      .split(/\s+|\\\r?\n/)
      .every((w) => w === "" || w.startsWith("--") || w === "\\");
    if (onlyFlagsBefore) return flagItems(document, file, ctx, ins, options.secretIds);
  }
  return argumentItems(document, file, ctx, ins);
}
