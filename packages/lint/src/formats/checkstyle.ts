/**
 * The `checkstyle` output format: Checkstyle XML, one `<file>` with its `<error>`s per linted file.
 */
import { type Formatter, xmlEscape } from "./format.js";

/** Checkstyle XML (`<checkstyle><file name><error line column severity message source/>`). */
export const formatCheckstyle: Formatter = (results) => {
  let out = '<?xml version="1.0" encoding="utf-8"?>\n<checkstyle version="4.3">\n';
  for (const r of results) {
    out += `  <file name="${xmlEscape(r.path)}">\n`;
    for (const f of r.findings) {
      const severity = f.severity === "error" ? "error" : f.severity === "warning" ? "warning" : "info";
      out += `    <error line="${f.range.start.line + 1}" column="${f.range.start.character + 1}" severity="${severity}" message="${xmlEscape(f.message)}" source="enginekit.${xmlEscape(f.ruleId)}"/>\n`;
    }
    out += "  </file>\n";
  }
  return `${out}</checkstyle>\n`;
};
