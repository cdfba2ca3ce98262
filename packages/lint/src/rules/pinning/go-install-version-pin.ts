/**
 * The `go-install-version-pin` rule: Pin versions in go install / go get / go run.
 * Its metadata is its documentation (`docs/rules/go-install-version-pin.md`, `enginekit lint --explain
 * go-install-version-pin`).
 * Same check elsewhere: hadolint DL3062.
 */
import type { PackageCommand } from "../../enginefile/package-managers.js";
import { packageArguments } from "../../enginefile/package-managers.js";
import { pinningRule } from "../../enginefile/version-pinning.js";

/** Build flags of `go install|get|run` whose next word is their value (`go help build`). */
const VALUE_OPTIONS = [
  "-o",
  "-C",
  "-p",
  "-tags",
  "-ldflags",
  "-gcflags",
  "-asmflags",
  "-mod",
  "-modfile",
  "-pkgdir",
  "-toolexec",
  "-exec",
  "-overlay",
  "-pgo",
  "-buildmode",
  "-compiler",
  "-installsuffix",
  "-covermode",
  "-coverpkg",
];
/** Version queries that name no version: whatever is newest when the build runs (`go help modules`). */
const FLOATING = new Set(["", "latest", "upgrade", "patch"]);
/** Package patterns that stand for a set the go.mod decides (`go install tool`, `go get all`). */
const META = new Set(["tool", "all", "std", "cmd"]);

/** True when `pkg` names a version, or takes it from the go.mod of the module being built. */
function pinned(pkg: string, p: PackageCommand): boolean {
  if (pkg.startsWith(".") || pkg.startsWith("/") || META.has(pkg)) return true;
  const at = pkg.lastIndexOf("@");
  // without `@`, install and run build the version the go.mod requires; `go get` asks for @upgrade
  if (at < 0) return p.sub.text !== "get";
  return !FLOATING.has(pkg.slice(at + 1));
}

export default pinningRule(
  {
    id: "go-install-version-pin",
    name: "Pin versions in go install / go get / go run",
    description: "`go install`/`go run` of a module at `@latest`, or `go get` of a module without a version.",
    severity: "warning",
    docs: `\`go install module/cmd@latest\` builds whatever was tagged last, and so does \`go run module@latest\`;
\`go get module\` without a version means \`@upgrade\`, the newest release. Name a version:
\`go install golang.org/x/tools/gopls@v0.16.2\`, \`go get example.com/lib@v1.4.0\`. Local packages (\`.\`,
\`./cmd/...\`), the \`tool\`/\`all\` patterns, and packages that \`go install\`/\`go run\` name without \`@\`
(their version comes from the \`go.mod\` being built) are not reported; neither are the program arguments
after \`go run\`'s package.`,
    peers: ["hadolint DL3062"],
    examples: [
      { kind: "invalid", code: "FROM golang:1.23\nRUN go install golang.org/x/tools/gopls@latest\n" },
      {
        kind: "valid",
        code: "FROM golang:1.23\nRUN go install golang.org/x/tools/gopls@v0.16.2 && go install ./cmd/...\n",
      },
    ],
  },
  {
    managers: ["go"],
    subcommands: ["install", "get", "run"],
    // `go run pkg args…`: only the first word is a package, the rest is the program's
    packages: (p) => {
      const packages = packageArguments(p, VALUE_OPTIONS);
      return p.sub.text === "run" ? packages.slice(0, 1) : packages;
    },
    pinned,
    message: (pkg, p) => `Pin the version: go ${p.sub.text} ${pkg.replace(/@[^@]*$/, "")}@<version>.`,
  },
);
