/**
 * The `junit` output format: JUnit XML, one test suite per file and one failing test case per finding.
 */
import { type Formatter, xmlEscape } from "./format.js";

/**
 * JUnit XML: one `<testsuite>` per file, one `<testcase>` per finding (a `<failure>`), or a single passing
 * test case for a clean file, so CI test reports list every linted file.
 */
export const formatJunit: Formatter = (results) => {
  const total = results.reduce((n, r) => n + Math.max(1, r.findings.length), 0);
  const failures = results.reduce((n, r) => n + r.findings.length, 0);
  let out = `<?xml version="1.0" encoding="utf-8"?>\n<testsuites name="enginekit lint" tests="${total}" failures="${failures}">\n`;
  for (const r of results) {
    const path = xmlEscape(r.path);
    out += `  <testsuite name="${path}" tests="${Math.max(1, r.findings.length)}" failures="${r.findings.length}" errors="0">\n`;
    if (r.findings.length === 0) out += `    <testcase name="${path}" classname="${path}"/>\n`;
    for (const f of r.findings) {
      const where = `${f.range.start.line + 1}:${f.range.start.character + 1}`;
      out += `    <testcase name="${xmlEscape(`${f.ruleId} ${where}`)}" classname="${path}">\n`;
      out += `      <failure type="${f.severity}" message="${xmlEscape(f.message)}">${xmlEscape(`${r.path}:${where} ${f.severity} ${f.ruleId}: ${f.message}`)}</failure>\n`;
      out += "    </testcase>\n";
    }
    out += "  </testsuite>\n";
  }
  return `${out}</testsuites>\n`;
};
