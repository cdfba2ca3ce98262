import { pinningRule } from "../../enginefile/version-pinning.js";

export default pinningRule(
  {
    id: "go-install-version-pin",
    name: "Pin versions in go install",
    description: "`go install` of a module asks for `@latest`.",
    severity: "warning",
    docs: `\`go install module/cmd@latest\` builds whatever was tagged last. Name a version:
\`go install golang.org/x/tools/gopls@v0.16.2\`. Local packages (\`.\`, \`./cmd/...\`) and packages without
\`@\` (their version comes from the \`go.mod\` being built) are not reported.`,
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
    subcommands: ["install"],
    pinned: (pkg) => {
      if (pkg.startsWith(".") || pkg.startsWith("/")) return true;
      const at = pkg.lastIndexOf("@");
      // without `@`, the version comes from the go.mod of the module being built
      return at < 0 || (pkg.slice(at + 1) !== "latest" && pkg.slice(at + 1) !== "");
    },
    message: (pkg) => `Pin the version: go install ${pkg.replace(/@latest$/, "")}@<version>.`,
  },
);
