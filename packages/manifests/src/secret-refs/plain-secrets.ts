/**
 * `findPlainSecrets`: `secret/plain-value` findings for `Env` and `Labels` entries whose secret-looking name
 * (`looksLikeSecretName`) holds a plain value instead of a `svc:` reference.
 */
import { isPlaceholderSecret, looksLikeSecretName } from "@enginekit/text";
import type { Finding } from "../findings.js";
import type { LocatedNode, PathSegment } from "../tree/located-node.js";
import { type FindReferencesContext, rangeInScalar } from "./find-references.js";
import { SECRET_REFERENCE_PREFIX } from "./reference-syntax.js";

/** The heuristic lives in the foundation (`@enginekit/text`); re-exported for the manifests' own callers. */
export { isPlaceholderSecret, looksLikeSecretName };

/**
 * `secret/plain-value` findings (warning): an `Env` entry `NAME=value` or a `Labels` entry whose name looks
 * like a secret (`…PASSWORD`, `…TOKEN`, `…API_KEY`, …) and whose value is written in plain text instead of
 * a `svc:` reference. Located at the value (after `=` for `Env`). The message never repeats the value.
 */
export function findPlainSecrets(root: LocatedNode | undefined, ctx: FindReferencesContext): Finding[] {
  const findings: Finding[] = [];
  const report = (name: string, path: PathSegment[], range: Finding["range"], where: string) => {
    findings.push({
      code: "secret/plain-value",
      message: `${where} "${name}" holds a plain-text value that looks like a secret; reference it instead (${SECRET_REFERENCE_PREFIX}<mount>/<path>#<field>).`,
      severity: "warning",
      range,
      path,
      document: ctx.document,
    });
  };
  const visit = (node: LocatedNode, path: PathSegment[], depth: number) => {
    if (depth > 64) return;
    if (node.kind === "array") {
      for (const [index, item] of node.items.entries()) visit(item, [...path, index], depth + 1);
      return;
    }
    if (node.kind !== "object") return;
    for (const property of node.properties) {
      const value = property.value;
      if (!value) continue;
      const childPath = [...path, property.key];
      if (property.key === "Env" && value.kind === "array") {
        value.items.forEach((item, index) => {
          if (item.kind !== "scalar" || typeof item.value !== "string") return;
          const equals = item.value.indexOf("=");
          if (equals <= 0) return;
          const name = item.value.slice(0, equals);
          const secret = item.value.slice(equals + 1);
          if (
            !looksLikeSecretName(name) ||
            isPlaceholderSecret(secret) ||
            secret.includes(SECRET_REFERENCE_PREFIX)
          )
            return;
          const { range } = rangeInScalar(ctx, item, equals + 1, item.value.length);
          report(name, [...childPath, index], range, "Environment variable");
        });
      } else if (property.key === "Labels" && value.kind === "object") {
        for (const label of value.properties) {
          const labelValue = label.value;
          if (labelValue?.kind !== "scalar" || typeof labelValue.value !== "string") continue;
          if (!looksLikeSecretName(label.key) || isPlaceholderSecret(labelValue.value)) continue;
          if (labelValue.value.includes(SECRET_REFERENCE_PREFIX)) continue;
          report(label.key, [...childPath, label.key], labelValue.range, "Label");
        }
      } else {
        visit(value, childPath, depth + 1);
      }
    }
  };
  if (root) visit(root, [], 0);
  return findings;
}
