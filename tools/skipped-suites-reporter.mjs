// A vitest reporter that ends every run with one visible line per skipped suite or test, and why:
// `skipped: <project> <file> > <suite>: <reason>`. The reason is the `skipReason` a test gives with
// `skipIf(condition, reason)` of vitest.shared.ts (task meta), or the note of `ctx.skip(note)`. A suite that
// skips without a reason is listed with "no reason given", so a silent skip shows. Tests left out by a
// name filter (`-t`) are not listed. Used by the root vitest.config.ts and tools/test-all.mjs; the vitest
// reporter API (`onTestRunEnd`, TestModule/TestSuite/TestCase) is vitest's own.

export default class SkippedSuitesReporter {
  onInit(vitest) {
    this.vitest = vitest;
  }

  onTestRunEnd(testModules) {
    const filtered = Boolean(this.vitest?.config?.testNamePattern);
    const lines = [];
    for (const module of testModules) {
      const where = `${module.project.name ? `${module.project.name} ` : ""}${module.relativeModuleId}`;
      const visit = (parent) => {
        for (const child of parent.children) {
          const reason = child.meta().skipReason ?? (child.type === "test" ? child.result().note : undefined);
          const skipped =
            child.type === "suite" ? child.state() === "skipped" : child.result().state === "skipped";
          if (skipped) {
            if (filtered && reason === undefined) continue;
            lines.push(`skipped: ${where} > ${child.fullName}: ${reason ?? "no reason given"}`);
          } else if (child.type === "suite") visit(child);
        }
      };
      visit(module);
    }
    if (lines.length === 0) return;
    const log = this.vitest?.logger ? (line) => this.vitest.logger.log(line) : (line) => console.log(line);
    log("");
    for (const line of lines) log(line);
  }
}
