/**
 * The real-world Compose corpus (test/corpus, copied from the shared Compose corpus with its provenance and
 * licences: see test/corpus/README.md): 158 entries from 33 permissively licensed repositories, each with
 * docker-compose 1.29.2's verdict. Loaded and checked with an empty environment, as the verdicts were made
 * (`env -i`): nothing throws, every file of an entry's set is read, and every error-severity finding is in
 * an entry that 1.29.2 refuses (too-new, needs-env, invalid, fragment). Valid entries have no error at all:
 * none of them sets a value the engine refuses (the corpus's `engine_refusals` column is empty). Every
 * service also translates into the swarm service spec `docker stack deploy` sends (`deploy` sections
 * included), and the stack check runs on the services that set a swarm-only `deploy` key (the default): its
 * errors count with the rest.
 */
import { dirname, join } from "node:path";
import { expect, test } from "vitest";
import { checkProject, loadProject, nodeFileSystem, propertyValue, translateStack } from "../src/index.js";
import { corpusEntries, CORPUS_ROOT as root } from "./helpers.js";

const rows = corpusEntries();

test("the corpus is all there (158 entries)", () => {
  expect(rows).toHaveLength(158);
});

test.each(rows)("$verdict $id", ({ id, verdict, files, envFiles }) => {
  const dir = join(root, "files", id);
  const list = files.split(";").map((f) => join(dir, f));
  const project = loadProject({
    workingDir: dirname(list[0]!),
    files: list,
    ...(envFiles ? { envFiles: envFiles.split(";").map((f) => join(dir, f)) } : {}),
    environment: {},
    fileSystem: nodeFileSystem,
  });
  const findings = checkProject(project);
  const services = propertyValue(project.model, "services");
  const named =
    services?.kind === "object" ? services.properties.filter((p) => p.value?.kind === "object") : [];
  expect(translateStack(project).map((t) => t.service)).toEqual(named.map((p) => p.key));
  for (const file of list) expect(project.sources.has(file), `${file} was read`).toBe(true);
  expect(project.model).toBeDefined();
  const errors = findings
    .filter((f) => f.severity === "error")
    .map((f) => `${f.file.slice(dir.length + 1)}:${f.range.start.line + 1} ${f.code} ${f.message}`);
  if (verdict === "valid") expect(errors).toEqual([]);
});
