/**
 * The settings only the extension reads (the server ignores unknown keys of its `enginekit` section):
 * which server to start and whether Dockerfile names are served. Declared once here for the
 * `contributes.configuration` generator and for the code that reads them.
 */

/** A contributed setting: its key under `enginekit.` and its JSON Schema (VS Code's dialect). */
export interface SettingContribution {
  key: string;
  schema: Record<string, unknown>;
}

/** Settings the extension itself reads. */
export const CLIENT_SETTINGS: readonly SettingContribution[] = [
  {
    key: "server.path",
    schema: {
      type: "string",
      default: "",
      scope: "machine-overridable",
      markdownDescription:
        "An `enginekit` command to run as `enginekit lsp --stdio` instead of the bundled server, e.g. `/usr/local/bin/enginekit`. A path ending in `.js`/`.mjs` (the CLI bundle, `packages/cli/dist/bundle/enginekit.js`) is run with the extension host's Node over IPC. Empty: the server bundled in the extension.",
    },
  },
  {
    key: "dockerfiles",
    schema: {
      type: "boolean",
      default: true,
      markdownDescription:
        "Also serve files VS Code's built-in `dockerfile` language claims (`Dockerfile`, `*.dockerfile`, `Dockerfile.*`, `Containerfile`). Turn off if another Dockerfile language server (the Docker extension) should have them alone.",
    },
  },
  {
    key: "trace.server",
    schema: {
      type: "string",
      enum: ["off", "messages", "verbose"],
      default: "off",
      scope: "window",
      markdownDescription: "Log the LSP messages between VS Code and the server in the `enginekit` output.",
    },
  },
];

/** Settings whose change restarts the client (they decide the process or the document selector). */
export const RESTARTING_SETTINGS = ["enginekit.server.path", "enginekit.dockerfiles", "enginekit.manifests"];
