/**
 * The navigation model over the real-world corpus (test/corpus, see corpus.test.ts): for every entry nothing
 * throws, and every occurrence that can be renamed spans exactly its name's characters; in the entries
 * docker-compose 1.29.2 accepts, every reference resolves to a definition (the implicit `default` network and
 * `container:` names excepted), and renaming each entry's first service in every file it is written in gives a
 * project with the same consistency findings (nothing left undefined, nothing broken).
 */
import { dirname, join } from "node:path";
import { applyTextEdits } from "@enginekit/text";
import { expect, test } from "vitest";
import {
  type ComposeFileSystem,
  checkProject,
  documentLinks,
  documentSymbols,
  loadProject,
  nodeFileSystem,
  ProjectNavigation,
  renameEdits,
} from "../src/index.js";
import { corpusEntries, CORPUS_ROOT as root } from "./helpers.js";

const rows = corpusEntries();

const CONSISTENCY = /^compose\/(?:undefined-|unknown-service|depends-on-cycle|network-mode-conflict)/;

function load(dir: string, files: string, envFiles: string, fileSystem: ComposeFileSystem) {
  const list = files.split(";").map((f) => join(dir, f));
  return loadProject({
    workingDir: dirname(list[0]!),
    files: list,
    ...(envFiles ? { envFiles: envFiles.split(";").map((f) => join(dir, f)) } : {}),
    environment: {},
    fileSystem,
  });
}

const totals = { entries: 0, occurrences: 0, references: 0, renamed: 0, edits: 0 };

test.each(rows)("$verdict $id", ({ id, verdict, files, envFiles }) => {
  const dir = join(root, "files", id);
  const project = load(dir, files, envFiles, nodeFileSystem);
  const navigation = new ProjectNavigation(project);
  for (const file of navigation.files.values()) {
    documentLinks(navigation, file.file);
    documentSymbols(file.roots);
  }
  for (const o of navigation.occurrences)
    if (!o.fixed)
      expect(navigation.files.get(o.file)!.text.slice(o.range.start.offset, o.range.end.offset), o.via).toBe(
        o.name,
      );
  totals.entries++;
  totals.occurrences += navigation.occurrences.length;
  if (verdict !== "valid") return;
  const unresolved = navigation.occurrences
    .filter((o) => !o.definition && o.kind !== "container" && !(o.kind === "network" && o.name === "default"))
    .filter((o) => !navigation.occurrencesOf(navigation.resolve(o)).some((d) => d.definition))
    .map((o) => `${o.file.slice(dir.length + 1)}:${o.range.start.line + 1} ${o.kind} ${o.name} (${o.via})`);
  expect(unresolved).toEqual([]);
  totals.references += navigation.occurrences.filter((o) => !o.definition).length;

  const service = navigation.occurrences.find(
    (o) => o.kind === "service" && o.definition && !o.fixed && navigation.files.get(o.file)!.projectScoped,
  );
  if (!service) return;
  const result = renameEdits(navigation, service.file, service.range.start.offset, "renamed-service");
  if ("error" in result) throw new Error(result.error);
  const texts = new Map([...navigation.files.values()].map((f) => [f.file, f.text]));
  for (const { file, edits } of result.files) texts.set(file, applyTextEdits(texts.get(file)!, edits));
  const renamed = load(dir, files, envFiles, {
    readFile: (p) => texts.get(p) ?? nodeFileSystem.readFile(p),
    isFile: (p) => texts.has(p) || nodeFileSystem.isFile(p),
  });
  const consistency = (p: typeof project) =>
    checkProject(p)
      .filter((f) => CONSISTENCY.test(f.code))
      .map((f) => `${f.code} ${f.message}`.replaceAll(service.name, "renamed-service"));
  expect(consistency(renamed)).toEqual(consistency(project));
  const services = (p: typeof project) => {
    const node = p.model?.properties.find((property) => property.key === "services")?.value;
    return node?.kind === "object" ? node.properties.map((property) => property.key) : [];
  };
  expect(services(renamed)).toContain("renamed-service");
  expect(services(renamed)).not.toContain(service.name);
  expect(services(renamed)).toHaveLength(services(project).length);
  totals.renamed++;
  totals.edits += result.files.reduce((n, f) => n + f.edits.length, 0);
});

test("figures", () => {
  console.log(
    `navigation corpus: ${totals.entries} entries, ${totals.occurrences} occurrences; valid entries: ${totals.references} references all resolved, ${totals.renamed} services renamed (${totals.edits} edits) with unchanged consistency`,
  );
  expect(totals.entries).toBe(rows.length);
});
