/**
 * EXPOSE port specs read the way the engine reads them (go-connections `nat.ParsePortSpec`, called by
 * BuildKit's `dispatchExpose`): `[[ip:]hostPort:]containerPort[-end][/proto]`, protocol compared
 * lower-cased. Shared by `expose-format` (what the engine rejects) and the BuildKit warnings
 * `expose-proto-casing` and `expose-host-port` (what it accepts but warns about).
 */
import type { Argument, ExposeInstruction } from "@enginekit/enginefile";
import type { AnalyzedEnginefile } from "./analysis.js";
import { DocumentCache } from "./document-cache.js";
import { instructionsOfKind } from "./instructions.js";

/** One resolved port argument of EXPOSE. */
export interface ExposedPort {
  instruction: ExposeInstruction;
  argument: Argument;
  /** The value after expanding build arguments. */
  value: string;
  /** True when the value is written without variables (so a quick fix may rewrite it). */
  literal: boolean;
  /** The `ip:hostPort:` part before the container port, or undefined. */
  host: string | undefined;
  /** The container port or range, without protocol. */
  container: string;
  /** The protocol as written, or undefined. */
  protocol: string | undefined;
}

const cache = new DocumentCache<ExposedPort[]>("exposedPorts");

/** Every EXPOSE port of the file whose value resolves (shared, read-only; ONBUILD triggers included). */
export function exposedPorts(file: AnalyzedEnginefile): readonly ExposedPort[] {
  let out = cache.get(file.doc);
  if (!out) {
    out = [];
    for (const ins of instructionsOfKind(file, "expose"))
      for (const argument of ins.ports) {
        const value = file.resolve(ins, argument.value);
        if (value === undefined || value === "") continue;
        const colon = value.lastIndexOf(":");
        const rest = value.slice(colon + 1);
        const slash = rest.indexOf("/");
        out.push({
          instruction: ins,
          argument,
          value,
          literal: value === argument.value,
          host: colon >= 0 ? value.slice(0, colon) : undefined,
          container: slash >= 0 ? rest.slice(0, slash) : rest,
          protocol: slash >= 0 ? rest.slice(slash + 1) : undefined,
        });
      }
    cache.set(file.doc, out);
  }
  return out;
}
