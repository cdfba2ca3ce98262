/**
 * The Enginefile AST. Every node has a `range` into the original text (0-based line, UTF-16 column,
 * UTF-16 offset). Instruction nodes form a discriminated union on `kind`. Argument values are exactly
 * the reference parser's argument nodes (BuildKit `Node.Next` chain): never unquoted or expanded.
 */
import type { Range, Severity } from "@enginekit/text";

/** A `# …` comment line (inside continuations too). `text` is everything after `#`. */
export interface Comment {
  kind: "comment";
  range: Range;
  text: string;
}

/** A parser directive (`# syntax=…`, `# escape=…`, `# check=…`) at the top of the file. */
export interface ParserDirective {
  kind: "directive";
  name: "syntax" | "escape" | "check";
  value: string;
  range: Range;
  nameRange: Range;
  valueRange: Range;
}

/**
 * A leading `--name=value` flag of an instruction. `text` is the reference's flag string (quotes
 * removed, `\` applied, e.g. `--from=build`); `value` is undefined for a bare `--name`.
 */
export interface Flag {
  name: string;
  value: string | undefined;
  text: string;
  range: Range;
  nameRange: Range;
  valueRange: Range | undefined;
}

/** A variable reference (`$v`, `${v}`, `${v:-w}`, …) inside an argument, flag value or heredoc line. */
export interface VariableReference {
  name: string;
  /** The substitution operator, e.g. `:-`, `+`, `#`, `%%`, `/`; undefined for `$v` and `${v}`. */
  operator: string | undefined;
  braced: boolean;
  range: Range;
}

/**
 * An argument node. `value` is what the reference keeps (JSON elements decoded, everything else as
 * written); `range` covers its source text (for JSON elements, the quoted literal). Arguments the
 * reference synthesises (the ENV/LABEL separator) have an empty range at the value's end.
 */
export interface Argument {
  value: string;
  range: Range;
  variables: VariableReference[];
}

/** A heredoc attached to RUN, COPY or ADD (BuildKit `Heredoc`). */
export interface Heredoc {
  /** Delimiter word with quotes removed, e.g. `EOF`. */
  name: string;
  fileDescriptor: number;
  /** False when any part of the delimiter was quoted: the body is not expanded. */
  expand: boolean;
  /** `<<-`: leading tabs are stripped from body lines. */
  chomp: boolean;
  /** The raw body (line ends included, tabs not chomped). */
  content: string;
  /** Range of the `<<EOF` word on the instruction line. */
  delimiterRange: Range;
  /** Range of the body lines (without the terminator). */
  bodyRange: Range;
  /** Range of the terminator line; empty at the end of the file when unterminated. */
  terminatorRange: Range;
  terminated: boolean;
}

/** A `key=value` (or legacy `key value`) pair of ENV or LABEL. */
export interface KeyValuePair {
  key: Argument;
  value: Argument;
  /** True for the legacy form `ENV key value` (value is the whole remainder). */
  legacy: boolean;
  range: Range;
}

/** One option of a `--mount` flag (`type=cache`, `target=/x`, `ro`). */
export interface MountOption {
  key: string;
  value: string | undefined;
  range: Range;
}

/** A parsed `RUN --mount=…` flag: its type (default `bind`) and options in order. */
export interface Mount {
  type: string;
  options: MountOption[];
  flag: Flag;
}

/** The names of all instruction kinds. `unknown` is an instruction keyword the engine does not know. */
export type InstructionKind =
  | "from"
  | "run"
  | "cmd"
  | "label"
  | "maintainer"
  | "expose"
  | "env"
  | "add"
  | "copy"
  | "entrypoint"
  | "volume"
  | "user"
  | "workdir"
  | "arg"
  | "onbuild"
  | "stopsignal"
  | "healthcheck"
  | "shell"
  | "unknown";

/** Fields every instruction has. */
export interface InstructionBase {
  kind: InstructionKind;
  /** The keyword as written (`from`, `FROM`, `Copy`). */
  keyword: string;
  keywordRange: Range;
  /**
   * From the instruction's first line (its keyword, or a first line holding only the escape character,
   * where BuildKit's `StartLine` is) to the end of the last continuation line or heredoc terminator.
   */
  range: Range;
  flags: Flag[];
  /** The reference's argument nodes, in order (what `dump()` prints). */
  args: Argument[];
  heredocs: Heredoc[];
  /** The logical line (continuations joined) — the reference's `Original`. */
  original: string;
  /** Range of the text after the keyword and flags (empty when there is none). */
  argumentsRange: Range;
  /** Every variable reference in flags and arguments, in source order. */
  variables: VariableReference[];
}

/** Exec form (JSON array) or shell form. */
export type CommandForm = "exec" | "shell";

/** `FROM [--platform=…] image [AS name]`. */
export interface FromInstruction extends InstructionBase {
  kind: "from";
  image: Argument | undefined;
  platform: Flag | undefined;
  /** The stage name after `AS` (case-insensitive keyword), if present. */
  stageName: Argument | undefined;
}

/** RUN, CMD, ENTRYPOINT and SHELL carry a command in exec or shell form. */
export interface CommandInstructionBase extends InstructionBase {
  form: CommandForm;
}

/** `RUN [--mount=…] [--network=…] [--security=…] command` (heredocs allowed). */
export interface RunInstruction extends CommandInstructionBase {
  kind: "run";
  mounts: Mount[];
  network: Flag | undefined;
  security: Flag | undefined;
}
/** `CMD command`. */
export interface CmdInstruction extends CommandInstructionBase {
  kind: "cmd";
}
/** `ENTRYPOINT command`. */
export interface EntrypointInstruction extends CommandInstructionBase {
  kind: "entrypoint";
}
/** `SHELL ["executable", "param"]`. */
export interface ShellInstruction extends CommandInstructionBase {
  kind: "shell";
}

/** ENV and LABEL: key/value pairs. */
export interface EnvInstruction extends InstructionBase {
  kind: "env";
  pairs: KeyValuePair[];
}
/** `LABEL key=value …`. */
export interface LabelInstruction extends InstructionBase {
  kind: "label";
  pairs: KeyValuePair[];
}

/** A build argument declaration of ARG: `name` or `name=default`. */
export interface ArgDeclaration {
  name: string;
  /** The default as written (quotes kept), or undefined without `=`. */
  defaultValue: string | undefined;
  argument: Argument;
  nameRange: Range;
}
/** `ARG name[=default] …`. */
export interface ArgInstruction extends InstructionBase {
  kind: "arg";
  declarations: ArgDeclaration[];
}

/** COPY and ADD: sources and a destination (last argument), in exec (JSON) or shell form. */
export interface FileInstructionBase extends InstructionBase {
  form: CommandForm;
  sources: Argument[];
  destination: Argument | undefined;
}
/** `COPY [--from=…] [--chown=…] [--chmod=…] [--link] [--parents] [--exclude=…] src… dest`. */
export interface CopyInstruction extends FileInstructionBase {
  kind: "copy";
  /** `--from` value: a stage name, a stage index or an image. */
  from: Flag | undefined;
}
/** `ADD [--chown --chmod --link --checksum --keep-git-dir --exclude] src… dest`. */
export interface AddInstruction extends FileInstructionBase {
  kind: "add";
}

/** `EXPOSE port[/proto] …`. */
export interface ExposeInstruction extends InstructionBase {
  kind: "expose";
  ports: Argument[];
}
/** `VOLUME path …` or `VOLUME ["path"]`. */
export interface VolumeInstruction extends InstructionBase {
  kind: "volume";
  form: CommandForm;
  paths: Argument[];
}
/** Instructions whose argument is the rest of the line: USER, WORKDIR, MAINTAINER, STOPSIGNAL. */
export interface SingleValueInstructionBase extends InstructionBase {
  value: Argument | undefined;
}
/** `USER user[:group]`. */
export interface UserInstruction extends SingleValueInstructionBase {
  kind: "user";
}
/** `WORKDIR path`. */
export interface WorkdirInstruction extends SingleValueInstructionBase {
  kind: "workdir";
}
/** `MAINTAINER name` (deprecated). */
export interface MaintainerInstruction extends SingleValueInstructionBase {
  kind: "maintainer";
}
/** `STOPSIGNAL signal`. */
export interface StopsignalInstruction extends SingleValueInstructionBase {
  kind: "stopsignal";
}
/** `ONBUILD instruction`: `trigger` is the nested instruction. */
export interface OnbuildInstruction extends InstructionBase {
  kind: "onbuild";
  trigger: Instruction | undefined;
}
/** `HEALTHCHECK NONE` or `HEALTHCHECK [--interval --timeout --start-period --start-interval --retries] CMD …`. */
export interface HealthcheckInstruction extends InstructionBase {
  kind: "healthcheck";
  /** `none`, `cmd`, or undefined when the first word is something else or missing. */
  mode: "none" | "cmd" | undefined;
  /** The first word as written (`CMD`, `NONE`, …). */
  type: Argument | undefined;
  /** The check command (after CMD), in exec or shell form. */
  command: Argument[];
  form: CommandForm;
}
/** An instruction keyword the engine does not know; its arguments are ignored. */
export interface UnknownInstruction extends InstructionBase {
  kind: "unknown";
}

/** Every instruction node. */
export type Instruction =
  | FromInstruction
  | RunInstruction
  | CmdInstruction
  | LabelInstruction
  | MaintainerInstruction
  | ExposeInstruction
  | EnvInstruction
  | AddInstruction
  | CopyInstruction
  | EntrypointInstruction
  | VolumeInstruction
  | UserInstruction
  | WorkdirInstruction
  | ArgInstruction
  | OnbuildInstruction
  | StopsignalInstruction
  | HealthcheckInstruction
  | ShellInstruction
  | UnknownInstruction;

/** A build stage: a FROM and the instructions up to the next FROM. */
export interface Stage {
  index: number;
  /** The `AS` name, lower-cased as the engine compares stage names; undefined without `AS`. */
  name: string | undefined;
  /** The base image (or stage name) as written in FROM. */
  baseImage: string | undefined;
  from: FromInstruction;
  /** Instructions after FROM in this stage (FROM itself excluded). */
  instructions: Instruction[];
  range: Range;
}

/** Severity of a diagnostic: the foundation's (`@enginekit/text`; the parser reports errors and warnings). */
export type { Severity };

/**
 * A problem found while parsing. `code` is stable; codes marked (reference) are errors BuildKit's
 * parser reports (the build would fail before running anything) or its warnings.
 */
export interface Diagnostic {
  message: string;
  /** Where the problem is, for editors (may be more precise than the reference's line). */
  range: Range;
  code: DiagnosticCode;
  severity: Severity;
  /**
   * The line the reference attaches to this problem (BuildKit's `Location` line, as it prints it), set
   * on reference errors and on the empty-continuation warning. BuildKit's numbering is not uniform:
   * directive errors carry the 0-based index of their line, `line-too-long` the index of the long line,
   * `no-instructions` the number of lines read, instruction errors the instruction's 1-based first line
   * and the empty-continuation warning the instruction's 1-based last line.
   */
  referenceLine?: number;
}

/** Stable diagnostic codes. */
export type DiagnosticCode =
  | "no-instructions"
  | "line-too-long"
  | "duplicate-directive"
  | "invalid-escape"
  | "json-not-strings"
  | "missing-arguments"
  | "missing-equals"
  | "unterminated-heredoc"
  | "invalid-heredoc"
  | "empty-continuation"
  | "unknown-instruction";

/** Codes of errors that make the reference parser (BuildKit `parser.Parse`) fail. */
export const REFERENCE_ERROR_CODES: ReadonlySet<DiagnosticCode> = new Set<DiagnosticCode>([
  "no-instructions",
  "line-too-long",
  "duplicate-directive",
  "invalid-escape",
  "json-not-strings",
  "missing-arguments",
  "missing-equals",
  "unterminated-heredoc",
  "invalid-heredoc",
]);

/** A parsed Enginefile. */
export interface EnginefileDocument {
  text: string;
  /** The escape character in force (`\` by default, `` ` `` via the escape directive). */
  escapeCharacter: "\\" | "`";
  directives: ParserDirective[];
  comments: Comment[];
  instructions: Instruction[];
  stages: Stage[];
  /** ARG instructions before the first FROM (global build arguments). */
  globalArgs: ArgInstruction[];
  /**
   * Syntax problems: `referenceError` (when there is one) first, then the others in source order, so the
   * first diagnostic is the one BuildKit reports.
   */
  diagnostics: Diagnostic[];
  /**
   * The one error the reference reports for this file (BuildKit stops at its first error), or
   * undefined when the reference parses it. One of `diagnostics`; the others are what the reference
   * never reaches (enginekit goes on after an error, and reads past an over-long line).
   */
  referenceError?: Diagnostic;
  range: Range;
}
