/**
 * `invalid-flag-value`: a known flag with a value the engine rejects before running any step: boolean
 * flags (`--link=abc`, BuildKit `instructions/bflag.go`), `RUN --network` and `--security`
 * (`commands_runnetwork.go`, `commands_runsecurity.go`), `FROM --platform` after expanding build
 * arguments (containerd `platforms.Parse`, called by `dockerfile2llb`) and `--chmod`
 * (`dockerfile2llb/convert_copy.go`: octal up to 07777, or a symbolic mode since Dockerfile 1.14).
 */
import type { Flag, Instruction } from "@enginekit/enginefile";
import type { AnalyzedEnginefile } from "../../enginefile/analysis.js";
import { BOOLEAN_FLAGS } from "../../enginefile/flags.js";
import { digestError } from "../../enginefile/image-reference.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

const NETWORKS = ["default", "none", "host"];
const SECURITY = ["sandbox", "insecure"];
/** containerd `platforms` known operating systems and architectures (with the aliases it normalises). */
const KNOWN_OS = new Set(
  "aix android darwin dragonfly freebsd hurd illumos ios js linux macos nacl netbsd openbsd plan9 solaris wasip1 windows zos".split(
    " ",
  ),
);
const KNOWN_ARCH = new Set(
  "386 i386 amd64 x86_64 x86-64 amd64p32 arm armhf armel armbe arm64 aarch64 arm64be loong64 mips mipsle mips64 mips64le mips64p32 mips64p32le ppc ppc64 ppc64le riscv riscv64 s390 s390x sparc sparc64 wasm".split(
    " ",
  ),
);
const PLATFORM_COMPONENT = /^[A-Za-z0-9_.-]+$/;
/** A symbolic mode as `chmod` takes it: `u+x`, `a=rX,go-w`. */
const SYMBOLIC_MODE = /^[ugoa]*(?:[-+=](?:[rwxXst]*|[ugo]))+(?:,[ugoa]*(?:[-+=](?:[rwxXst]*|[ugo]))+)*$/;

/** Why containerd's `platforms.Parse` rejects `value` (its words), or undefined. */
function platformError(value: string): string | undefined {
  if (value.includes("*")) return `"${value}": wildcards not yet supported`;
  // an OS version in parentheses (`windows(10.0.17763)/amd64`) is allowed on the first component
  const parts = value.replace(/^([^/(]*)\([^)]*\)/, "$1").split("/");
  for (const p of parts)
    if (!PLATFORM_COMPONENT.test(p))
      return `"${p}": is an invalid component of "${value}": platform specifier component must match "^[A-Za-z0-9_.-]+$"`;
  if (parts.length > 3) return `"${value}": cannot parse platform specifier`;
  const one = parts[0]?.toLowerCase() ?? "";
  if (parts.length === 1 && !KNOWN_OS.has(one) && !KNOWN_ARCH.has(one))
    return `"${value}": unknown operating system or architecture`;
  return undefined;
}

function checkFlag(file: AnalyzedEnginefile, ins: Instruction, flag: Flag): string | undefined {
  const value = flag.value;
  if (value === undefined) return undefined;
  if (BOOLEAN_FLAGS.has(flag.name)) {
    if (value === "")
      return `Missing a value on flag: ${flag.name}. Write --${flag.name} or --${flag.name}=true.`;
    if (!["true", "false"].includes(value.toLowerCase()))
      return `Expecting boolean value for flag ${flag.name}, not: ${value}. Write --${flag.name}, --${flag.name}=true or --${flag.name}=false.`;
    return undefined;
  }
  if (ins.kind === "run" && flag.name === "network" && !NETWORKS.includes(value))
    return `invalid network mode "${value}": use ${NETWORKS.join(", ")}.`;
  if (ins.kind === "run" && flag.name === "security" && !SECURITY.includes(value))
    return `security "${value}" is not valid: use sandbox or insecure.`;
  if (ins.kind === "from" && flag.name === "platform") {
    const expanded = file.resolve(ins, value);
    const error = expanded === undefined ? undefined : platformError(expanded);
    return (
      error &&
      `failed to parse platform ${expanded}: ${error}. Write os/arch[/variant], e.g. linux/amd64 or $BUILDPLATFORM.`
    );
  }
  if (ins.kind === "add" && flag.name === "checksum") {
    // dockerfile2llb: one source only, and for HTTP(S) sources a digest the engine knows
    if (ins.sources.length > 1)
      return "checksum can't be specified for multiple sources: give each source its own ADD.";
    const source = ins.sources[0] && file.resolve(ins, ins.sources[0].value);
    const expanded = file.resolve(ins, value);
    if (source === undefined || expanded === undefined || !/^https?:\/\//i.test(source)) return undefined;
    const error = digestError(expanded);
    return (
      error &&
      `invalid checksum "${expanded}": ${error}. Write sha256: followed by the 64 hex digits of the file.`
    );
  }
  if ((ins.kind === "copy" || ins.kind === "add") && flag.name === "chmod") {
    const expanded = file.resolve(ins, value);
    if (expanded === undefined || expanded === "") return undefined;
    const octal = /^[0-7]+$/.test(expanded) && Number.parseInt(expanded, 8) <= 0o7777;
    if (octal || (!/^[0-9]+$/.test(expanded) && SYMBOLIC_MODE.test(expanded))) return undefined;
    return `invalid chmod parameter: '${expanded}'. it should be octal string and between 0 and 07777 (or a symbolic mode such as u+x, with Dockerfile 1.14 or later).`;
  }
  return undefined;
}

export default enginefileRule(
  {
    id: "invalid-flag-value",
    name: "Invalid flag value",
    description:
      "A flag value the engine rejects: a boolean that is not true/false, an unknown network or security mode, a bad platform or chmod.",
    severity: "error",
    fix: "never",
    docs: `Boolean flags (\`--link\`, \`--parents\`, \`--keep-git-dir\`, \`--unpack\`) are written bare or as \`=true\`/\`=false\`
(any case); \`RUN --network\` takes \`default\`, \`none\` or \`host\`; \`RUN --security\` takes \`sandbox\` or
\`insecure\`; \`FROM --platform\` takes \`os[/arch[/variant]]\` once build arguments are expanded (a single word
must be a known OS or architecture); \`--chmod\` takes an octal mode up to \`07777\` or a symbolic mode such as
\`u+x,go-w\` (Dockerfile 1.14); \`ADD --checksum\` takes one source and, for a URL, a digest such as
\`sha256:\` and 64 hex digits. The engine fails the build on anything else, with the messages quoted here.
Values with build arguments that have no value here are not checked.`,
    peers: ["dockerfile-utils FLAG_INVALID_LINK_VALUE / FLAG_INVALID_NETWORK / FLAG_INVALID_PLATFORM"],
    examples: [
      { kind: "invalid", code: "FROM alpine:3.20\nCOPY --link=yes app /app\n" },
      { kind: "invalid", code: "FROM alpine:3.20\nRUN --network=bridge wget -q example.com\n" },
      {
        kind: "valid",
        code: "FROM --platform=$BUILDPLATFORM alpine:3.20\nCOPY --link --chmod=0755 app /app\nRUN --network=none make\n",
      },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const ins of file.doc.instructions)
      for (const flag of ins.flags) {
        const message = checkFlag(file, ins, flag);
        if (message) out.push({ range: flag.valueRange ?? flag.range, message });
      }
    return out;
  },
);
