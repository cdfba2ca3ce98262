/**
 * `instruction-arguments`: the argument counts and forms BuildKit's `instructions` package checks when it
 * turns each parsed line into a command (moby/buildkit `frontend/dockerfile/instructions/parse.go`,
 * `parseEnv` … `parseShell`), before any step runs. Messages start with the engine's own words.
 * ONBUILD triggers are not checked: the engine parses them only when a child image builds.
 */
import { type Instruction, REFERENCE_ERROR_CODES } from "@enginekit/enginefile";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

/** Instructions that need at least one argument, with what to write (BuildKit `errAtLeastOneArgument`). */
const AT_LEAST_ONE: Partial<Record<Instruction["kind"], string>> = {
  arg: "declare a build argument: ARG NAME or ARG NAME=default",
  env: "set a variable: ENV NAME=value",
  label: "set a label: LABEL key=value",
  expose: "name a port: EXPOSE 8080",
  volume: "name a mount point: VOLUME /data",
  onbuild: "give the instruction to run in child builds: ONBUILD RUN make",
  healthcheck: "give a check: HEALTHCHECK CMD <command>, or HEALTHCHECK NONE",
  shell: 'give the shell as a JSON array: SHELL ["/bin/bash", "-c"]',
};

/** Instructions that take exactly one argument (BuildKit `errExactlyOneArgument`). */
const EXACTLY_ONE: Partial<Record<Instruction["kind"], string>> = {
  workdir: "give the working directory: WORKDIR /app",
  user: "give the user: USER app or USER 1000:1000",
  maintainer: "give a name (better: LABEL org.opencontainers.image.authors=…)",
  stopsignal: "give the signal: STOPSIGNAL SIGTERM",
};

/** A heredoc word as BuildKit's `MustParseHeredoc` recognises it (`<<EOF`, `<<-EOF`, `3<<"EOF"`). */
const HEREDOC_WORD = /^[0-9]*<<-?[^<]+$/;

/** The keyword as written, upper-cased (built only for a finding). */
function K(ins: Instruction): string {
  return ins.keyword.toUpperCase();
}

/** Appends the findings of one instruction to `out` (`return report(…)`: one finding, then done). */
function check(ins: Instruction, out: Report[]): undefined {
  const report = (
    message: string,
    range = ins.args.length > 0 ? ins.argumentsRange : ins.keywordRange,
  ): undefined => {
    out.push({ range, message });
  };
  const atLeastOne = AT_LEAST_ONE[ins.kind];
  // ONBUILD's argument is its trigger instruction (a child node, not an argument)
  const hasTrigger = ins.kind === "onbuild" && ins.trigger !== undefined;
  if (atLeastOne && ins.args.length === 0 && !hasTrigger)
    return report(`${K(ins)} requires at least one argument: ${atLeastOne}.`);
  const exactlyOne = EXACTLY_ONE[ins.kind];
  if (exactlyOne && ins.args.length !== 1)
    return report(`${K(ins)} requires exactly one argument: ${exactlyOne}.`);
  switch (ins.kind) {
    case "from": {
      const n = ins.args.length;
      if (n === 1 || (n === 3 && ins.args[1]?.value.toLowerCase() === "as")) return;
      return report(
        `FROM requires either one or three arguments: FROM <image> or FROM <image> AS <name>${n === 0 ? "" : ` (found ${n})`}.`,
      );
    }
    case "copy":
    case "add": {
      if (ins.args.length < 2)
        return report(
          `${K(ins)} requires at least two arguments, but only one was provided. Destination could not be determined: write ${K(ins)} <source>… <destination>.`,
        );
      const dest = ins.destination;
      if (dest && ins.form === "shell" && HEREDOC_WORD.test(dest.value))
        return report(
          `${K(ins)} cannot accept a heredoc as a destination: put the destination path after the heredoc.`,
          dest.range,
        );
      return;
    }
    case "env":
    case "label":
      for (const p of ins.pairs)
        if (p.key.value === "")
          report(`${K(ins)} names can not be blank: write ${K(ins)} name=value.`, p.range);
      return;
    case "arg":
      for (const d of ins.declarations)
        if (d.name === "") report("ARG names can not be blank: write ARG NAME=default.", d.argument.range);
      return;
    case "volume":
      for (const p of ins.paths)
        if (p.value.trim() === "")
          report("VOLUME specified can not be an empty string: name a mount point.", p.range);
      return;
    case "shell": {
      if (ins.form === "exec") return;
      const raw = (ins.args[0]?.value ?? "").trimEnd();
      // `[…]` that is no JSON array is json-form-malformed's (with its quick fix); anything else is refused
      // here, an unterminated array (`SHELL [ "/bin/sh"`) too
      if (raw.startsWith("[") && raw.endsWith("]")) return;
      const closed = raw.startsWith("[") ? stringArray(`${raw}]`) : undefined;
      const words = raw.split(/\s+/).flatMap((w) => (w === "" ? [] : [w.replace(/^["']|["']$/g, "")]));
      return report(
        closed
          ? `SHELL requires the arguments to be in JSON form: the JSON array is not closed, write SHELL ${JSON.stringify(closed)}.`
          : raw.startsWith("[")
            ? "SHELL requires the arguments to be in JSON form: this JSON array is not closed or not valid."
            : `SHELL requires the arguments to be in JSON form: write SHELL ${JSON.stringify(words)}.`,
      );
    }
    default:
      return;
  }
}

export default enginefileRule(
  {
    id: "instruction-arguments",
    name: "Missing or wrong arguments",
    description: "An instruction without the arguments the engine requires, or with too many.",
    severity: "error",
    fix: "never",
    docs: `The engine checks every instruction's arguments before it runs any step and fails the build when
one is wrong (BuildKit \`instructions/parse.go\`): ARG, ENV, LABEL, EXPOSE, VOLUME, ONBUILD, HEALTHCHECK and
SHELL need at least one argument; WORKDIR, USER, MAINTAINER and STOPSIGNAL exactly one (the rest of the
line is that one argument); COPY and ADD a source and a destination, and the destination cannot be a
heredoc; FROM takes \`<image>\` or \`<image> AS <name>\`; ARG, ENV and LABEL names cannot be blank
(\`ENV =v\`); a VOLUME cannot be an empty string; SHELL takes only the JSON array form. The message
starts with the engine's own words. Instructions inside ONBUILD are checked only when a child image
builds, so they are not reported here.`,
    peers: ["dockerfile-utils ARGUMENT_MISSING / ARGUMENT_EXTRA / ARGUMENT_REQUIRES_ONE_OR_THREE"],
    examples: [
      { kind: "invalid", code: "FROM node:20\nARG\n" },
      { kind: "invalid", code: "FROM alpine:3.20\nCOPY app.tar\n" },
      { kind: "invalid", code: "FROM alpine:3.20 extra\n" },
      { kind: "invalid", code: "FROM alpine:3.20\nSHELL /bin/bash -c\n" },
      {
        kind: "valid",
        code: 'FROM alpine:3.20 AS build\nARG VERSION\nCOPY app.tar /opt/\nSHELL ["/bin/sh", "-c"]\n',
      },
    ],
  },
  (file) => {
    // an instruction the parser already rejects (e.g. \`ENV NAME\`) is parse-error's
    const rejected = file.doc.diagnostics
      .filter((d) => REFERENCE_ERROR_CODES.has(d.code))
      .map((d) => d.range.start.offset);
    const out: Report[] = [];
    for (const ins of file.doc.instructions)
      if (!rejected.some((o) => o >= ins.range.start.offset && o <= ins.range.end.offset)) check(ins, out);
    return out;
  },
);

/** `text` read as a JSON array of strings, or undefined. */
function stringArray(text: string): string[] | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) && v.every((x) => typeof x === "string") ? v : undefined;
  } catch {
    return undefined;
  }
}
