import { hasOption } from "../../enginefile/shell/queries.js";
import { pinningRule } from "../../enginefile/version-pinning.js";

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
    applies: (p) => !hasOption(p.command, "-v", "--version"),
    pinned: (pkg) => pkg.includes(":"),
    message: (pkg) => `Pin the version of ${pkg}: gem install ${pkg}:<version>.`,
  },
);
