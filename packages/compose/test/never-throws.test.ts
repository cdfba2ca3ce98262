// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the fragments are Compose text, where ${…} is interpolation syntax
/**
 * No input makes the loader or the checks throw (docs/architecture.md principle 4): seeded mutations of the
 * corpus's Compose files (characters cut, inserted and swapped, lines dropped, Compose syntax spliced in:
 * `${`, `!reset`, anchors and aliases, extends and include of missing or cyclic targets) are loaded with an
 * override and an .env beside them and checked with every layer and translated. Seed `ENGINEKIT_FUZZ_SEED`
 * (default fixed), count `ENGINEKIT_FUZZ_COUNT`.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { seededRandom } from "@enginekit/engine-tools";
import { expect, test } from "vitest";
import { checkProject, engineBodies, loadProject, memoryFileSystem } from "../src/index.js";

const corpus = join(dirname(fileURLToPath(import.meta.url)), "corpus", "files");
const texts: string[] = [];
const walk = (dir: string) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (/\.ya?ml$/.test(name)) texts.push(readFileSync(path, "utf8"));
  }
};
walk(corpus);

const FRAGMENTS = [
  "${",
  "${A:-${B",
  "$$",
  " !reset ",
  " !override\n",
  "&a ",
  "*a",
  "<<: *a\n",
  "extends: {file: nope.yml, service: x}\n",
  "extends: self\n",
  "include: [compose.yaml]\n",
  "- ",
  ": ",
  "\n  ",
  "{",
  "]",
  "'",
  '"',
  "\t",
  "\u0000",
  "volumes: [':::']\n",
  "ports: ['a:b:c:d:e/f']\n",
  "mem_limit: 1e400\n",
  "cpus: -1\n",
  "healthcheck: {test: [], interval: 1x}\n",
];

function mutate(text: string, random: () => number): string {
  let out = text;
  const edits = 1 + Math.floor(random() * 6);
  for (let i = 0; i < edits; i++) {
    const at = Math.floor(random() * (out.length + 1));
    const choice = random();
    if (choice < 0.3) out = out.slice(0, at) + out.slice(at + 1 + Math.floor(random() * 20));
    else if (choice < 0.7)
      out = out.slice(0, at) + FRAGMENTS[Math.floor(random() * FRAGMENTS.length)] + out.slice(at);
    else if (choice < 0.85) {
      const lines = out.split("\n");
      lines.splice(Math.floor(random() * lines.length), 1);
      out = lines.join("\n");
    } else out = out.slice(0, at);
  }
  return out;
}

test(`seeded mutations of ${texts.length} corpus files never throw`, () => {
  const seed = Number(process.env.ENGINEKIT_FUZZ_SEED ?? 4242);
  const count = Number(process.env.ENGINEKIT_FUZZ_COUNT ?? 200);
  const random = seededRandom(seed);
  for (let i = 0; i < count; i++) {
    const base = texts[Math.floor(random() * texts.length)]!;
    const files = {
      "/p/compose.yaml": mutate(base, random),
      "/p/compose.override.yaml": mutate(texts[Math.floor(random() * texts.length)]!, random),
      "/p/.env": mutate("A=1\nB='two'\nexport C=\"${A}\"\n", random),
    };
    try {
      const project = loadProject({ workingDir: "/p", environment: {}, fileSystem: memoryFileSystem(files) });
      checkProject(project);
      engineBodies(project);
    } catch (error) {
      expect.fail(`seed ${seed} case ${i} threw ${(error as Error).stack}\n${files["/p/compose.yaml"]}`);
    }
  }
});
