/**
 * The `gem-version-pin` rule: Pin versions in gem install.
 * Its metadata is its documentation (`docs/rules/gem-version-pin.md`, `enginekit lint --explain
 * gem-version-pin`).
 * Same check elsewhere: hadolint DL3028.
 */
import { packageArguments } from "../../enginefile/package-managers.js";
import { argumentsOf, hasOption } from "../../enginefile/shell/queries.js";
import { pinningRule } from "../../enginefile/version-pinning.js";

/** `gem install` options whose next word is their value (gem help install). */
const VALUE_OPTIONS = [
  "-i",
  "--install-dir",
  "-n",
  "--bindir",
  "--build-root",
  "--document",
  "-s",
  "--source",
  "-p",
  "--http-proxy",
  "--platform",
  "-g",
  "--file",
  "--without",
  "--with",
  "-P",
  "--trust-policy",
];

export default pinningRule(
  {
    id: "gem-version-pin",
    name: "Pin versions in gem install",
    description: "`gem install` names a gem without a version.",
    severity: "warning",
    docs: `Without a version, each build installs the newest release from RubyGems. Write \`gem:version\`
(\`rails:7.2.1\`) or give \`-v\`/\`--version\`; or install from a \`Gemfile.lock\` with \`bundle install\`.`,
    peers: ["hadolint DL3028"],
    examples: [
      { kind: "invalid", code: "FROM ruby:3.3\nRUN gem install bundler\n" },
      {
        kind: "valid",
        code: "FROM ruby:3.3\nRUN gem install bundler:2.5.18 && gem install rake -v 13.2.1\n",
      },
    ],
  },
  {
    managers: ["gem"],
    subcommands: ["install", "i"],
    // everything after `--` is passed to the gems' build (`-- --use-system-libraries`), not a gem
    packages: (p) => {
      const args = argumentsOf(p.command);
      const end = args.findIndex((w) => w.text === "--");
      return packageArguments(p, VALUE_OPTIONS).filter((w) => end < 0 || args.indexOf(w) < end);
    },
    applies: (p) => !hasOption(p.command, "-v", "--version"),
    pinned: (pkg) => pkg.includes(":"),
    message: (pkg) => `Pin the version of ${pkg}: gem install ${pkg}:<version>.`,
  },
);
