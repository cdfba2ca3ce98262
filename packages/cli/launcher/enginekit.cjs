#!/usr/bin/env node
// biome-ignore-all lint: written for every Node that may run it (ES5 syntax, CommonJS), so it can say which one it needs
/*
 * The `enginekit` bin of the published package: checks the Node version (node-version.cjs, which exits 2
 * with one line on an older Node), then runs the bundle beside it (`enginekit.js`). It is CommonJS in ES5
 * syntax on purpose: an older Node must be able to parse it, so it can say which version it needs instead
 * of dying on a SyntaxError in the bundle.
 */
"use strict";

require("./node-version.cjs");
// `enginekit.js` is a CommonJS script too (its folder's package.json); whatever it needs beyond
// Node 5 syntax is in the files it loads, which an old Node never reaches.
try {
  require("./enginekit.js");
} catch (error) {
  process.stderr.write(
    "enginekit: cannot load " +
      require("path").join(__dirname, "enginekit.js") +
      ": " +
      (error && error.message) +
      "\n",
  );
  process.exitCode = 3;
}
