/**
 * Services that depend on themselves through `depends_on`, `links`, `volumes_from` or a `service:` mode
 * (compose's `pkg/compose/dependencies.go` refuses the project at `up`: "dependency cycle detected"). One
 * finding per cycle, at the dependency that closes it.
 */
import {
  type ComposeNode,
  type ComposeProperty,
  propertyValue,
  scalarText,
} from "../../model/compose-node.js";
import type { ComposeFinding } from "../../model/findings.js";
import { type CheckContext, namedEntries } from "./check-context.js";

interface Edge {
  to: string;
  node: ComposeNode | ComposeProperty;
  key: string;
}

function edgesOf(service: ComposeNode): Edge[] {
  const edges: Edge[] = namedEntries(propertyValue(service, "depends_on")).map((e) => ({
    to: e.name,
    node: e.node,
    key: "depends_on",
  }));
  const links = propertyValue(service, "links");
  if (links?.kind === "array")
    for (const item of links.items) {
      const name = scalarText(item)?.split(":")[0];
      if (name) edges.push({ to: name, node: item, key: "links" });
    }
  for (const key of ["network_mode", "ipc", "pid"]) {
    const node = propertyValue(service, key);
    const text = scalarText(node);
    if (node && text?.startsWith("service:")) edges.push({ to: text.slice(8), node, key });
  }
  return edges;
}

export function dependsOnCycles(context: CheckContext): ComposeFinding[] {
  const graph = new Map(context.services.map((s) => [s.name, edgesOf(s.node)]));
  const state = new Map<string, "visiting" | "done">();
  const stack: string[] = [];
  const findings: ComposeFinding[] = [];
  const visit = (name: string) => {
    state.set(name, "visiting");
    stack.push(name);
    for (const edge of graph.get(name) ?? []) {
      if (!graph.has(edge.to)) continue;
      const seen = state.get(edge.to);
      if (seen === "visiting") {
        const cycle = [...stack.slice(stack.indexOf(edge.to)), edge.to];
        findings.push(
          context.finding(
            "compose/depends-on-cycle",
            `dependency cycle detected: ${cycle.join(" -> ")}`,
            edge.node,
            ["services", name, edge.key],
          ),
        );
      } else if (seen === undefined) visit(edge.to);
    }
    stack.pop();
    state.set(name, "done");
  };
  for (const name of graph.keys()) if (!state.has(name)) visit(name);
  return findings;
}
