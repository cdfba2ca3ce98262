#!/usr/bin/env node
/**
 * Build step of @enginekit/lint: copies the rule pages (`docs/rules/*.md`, generated from the rules'
 * metadata by test/generated-files.test.ts) into `dist/rule-pages/`, where `installedRuleDocsBase`
 * (src/docs/rule-uri.ts) finds them, so an installed package links to pages that exist (issue 30).
 * `node copy-rule-pages.mjs [TARGET]` copies into TARGET instead (the CLI's bundle and the VS Code
 * extension ship them the same way).
 */
import { cp, rm } from "node:fs/promises";
import { join, resolve } from "node:path";

const source = join(import.meta.dirname, "..", "..", "..", "docs", "rules");
const target = resolve(process.argv[2] ?? join(import.meta.dirname, "..", "dist", "rule-pages"));
await rm(target, { recursive: true, force: true });
await cp(source, target, { recursive: true });
