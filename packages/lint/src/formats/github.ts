/**
 * The `github` output format: GitHub Actions workflow commands (`::error file=…::message`), shown as
 * annotations on the pull request.
 */
import type { Formatter } from "./format.js";

/** Escapes a workflow command's message (`%`, CR, LF) and property values (also `:` and `,`). */
function escapeData(text: string): string {
  return text.replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll("\n", "%0A");
}
function escapeProperty(text: string): string {
  return escapeData(text).replaceAll(":", "%3A").replaceAll(",", "%2C");
}

/**
 * GitHub Actions workflow commands: `::error file=…,line=…,col=…,endLine=…,endColumn=…,title=…::message`
 * (`warning` for warnings, `notice` for info and style), shown as annotations on the pull request.
 */
export const formatGithub: Formatter = (results) => {
  let out = "";
  for (const r of results)
    for (const f of r.findings) {
      const command = f.severity === "error" ? "error" : f.severity === "warning" ? "warning" : "notice";
      const props = [
        `file=${escapeProperty(r.path)}`,
        `line=${f.range.start.line + 1}`,
        `col=${f.range.start.character + 1}`,
        `endLine=${f.range.end.line + 1}`,
        `endColumn=${f.range.end.character + 1}`,
        `title=${escapeProperty(`enginekit ${f.ruleId}`)}`,
      ];
      out += `::${command} ${props.join(",")}::${escapeData(f.message)}\n`;
    }
  return out;
};
