/** @enginekit/lint: Rules, configuration, suppressions and output formats for Enginefiles and engine manifests. */
export {};
