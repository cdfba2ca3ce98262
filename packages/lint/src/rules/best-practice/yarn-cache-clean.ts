/**
 * The `yarn-cache-clean` rule: yarn install without yarn cache clean.
 * Its metadata is its documentation (`docs/rules/yarn-cache-clean.md`, `enginekit lint --explain
 * yarn-cache-clean`).
 * Same check elsewhere: hadolint DL3060.
 */
import { hasCacheMount, packageCommand } from "../../enginefile/package-managers.js";
import { runsCalling } from "../../enginefile/shell/command-index.js";
import { argumentsOf } from "../../enginefile/shell/queries.js";
import type { ShellCommand } from "../../enginefile/shell/shell-command.js";
import { inImage } from "../../enginefile/stage-parents.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

const YARN = ["yarn"];
const CACHE_PATHS = ["/usr/local/share/.cache/yarn", "/root/.cache/yarn", "/root/.yarn", "/home"];

export default enginefileRule(
  {
    id: "yarn-cache-clean",
    name: "yarn install without yarn cache clean",
    description: "A RUN runs `yarn install` but not `yarn cache clean`.",
    severity: "info",
    fix: "never",
    docs: `Yarn keeps every downloaded package in its cache, which then stays in the layer. End the RUN with
\`yarn cache clean\`, or mount a cache on the yarn cache folder. Only stages the final image is built from
are checked: a build stage's cache never reaches the image.`,
    peers: ["hadolint DL3060"],
    examples: [
      { kind: "invalid", code: "FROM node:22\nRUN yarn install --frozen-lockfile\n" },
      { kind: "valid", code: "FROM node:22\nRUN yarn install --frozen-lockfile && yarn cache clean\n" },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const { instruction, commands } of runsCalling(file, YARN)) {
      if (hasCacheMount(instruction, CACHE_PATHS) || !inImage(file, instruction)) continue;
      const cleans = (c: ShellCommand) =>
        c.name === "yarn" &&
        argumentsOf(c).some((w, i, a) => w.text === "cache" && a[i + 1]?.text === "clean");
      commands.forEach((c, i) => {
        const p = packageCommand(c, YARN, ["install"]);
        // the clean must come after the install: `yarn cache clean && yarn install` leaves the cache
        if (p && !commands.slice(i + 1).some(cleans))
          out.push({
            range: p.sub.range,
            message: "Run yarn cache clean in the same RUN after yarn install.",
          });
      });
    }
    return out;
  },
);
