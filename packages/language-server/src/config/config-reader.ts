/**
 * `loadConfigFile` alone, for {@link ProjectConfigs} to import when a `.enginekit.yaml` can apply to a
 * document: reading one loads YAML and the configuration schema (zod), which a project without a
 * configuration file never needs (docs/language-server.md "Performance"). A dynamic import of the
 * `@enginekit/lint` root would make a bundler load every module behind it.
 */
export { loadConfigFile } from "@enginekit/lint/config";
