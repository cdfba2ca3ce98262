/**
 * The `compose/engine-socket` rule: Engine socket mounted into a container.
 * Its metadata is its documentation (`docs/rules/compose/engine-socket.md`, `enginekit lint --explain
 * compose/engine-socket`).
 * Same check elsewhere: compose-lint CL-0001.
 */
import { bindMounts, ownServices } from "../../compose/rule-nodes.js";
import { composeRule } from "../../model/rule.js";

/** Container engines' API sockets, in their usual folders. */
const SOCKET =
  /^(?:\/var)?\/run\/(?:docker\.sock|engine\.sock|containerd\/containerd\.sock|podman\/podman\.sock|crio\/crio\.sock|user\/[0-9]+\/(?:docker|podman\/podman)\.sock)$/;

export default composeRule(
  {
    id: "compose/engine-socket",
    name: "Engine socket mounted into a container",
    description: "A service bind-mounts the container engine's API socket.",
    severity: "warning",
    fix: "never",
    docs: `Whoever can talk to the engine's socket (\`/var/run/docker.sock\`, \`/var/run/engine.sock\`, containerd's, Podman's
or CRI-O's) can start a privileged container with the host's root filesystem mounted: the mount gives the
container root on the host, and \`:ro\` does not help (it makes the socket file read-only, not the API). Give
such tools a socket proxy that allows only the calls they need, or run them outside Compose. Suppress with a
reason where the tool is the point (a CI runner, Traefik's provider).`,
    peers: ["compose-lint CL-0001"],
    examples: [
      {
        kind: "invalid",
        code: "services:\n  proxy:\n    image: traefik:3.1\n    volumes:\n      - /var/run/docker.sock:/var/run/docker.sock:ro\n",
      },
      {
        kind: "valid",
        code: "services:\n  proxy:\n    image: traefik:3.1\n    volumes:\n      - ./traefik.yml:/etc/traefik/traefik.yml:ro\n",
      },
    ],
  },
  (file) =>
    ownServices(file).flatMap((service) => {
      return bindMounts(service.node).flatMap((bind) => {
        if (!SOCKET.test(bind.path)) return [];
        return [
          {
            range: bind.node.range,
            message: `service "${service.name}" mounts the engine socket ${bind.path}: the container can take over the host`,
          },
        ];
      });
    }),
);
