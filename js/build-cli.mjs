//! Bundles the CLI, lib/cli.js and every module of ours it imports, into dist/cli.cjs: the one
//! file that bin/mcp-contract.js requires. `make build` and `npm pack` run this script.
//!
//! Why a CommonJS bundle: start-up is a target (a small diff within 1.5× a bare `node -e 0`), and
//! an ES module entry makes Node start its module loader and read each module through the thread
//! pool, about a tenth of a small diff's wall time. A CommonJS entry that requires one file skips
//! all of that. lib/ stays the source (ES modules, as the API imports them); third-party packages
//! stay outside the bundle and load, as before, only when a command needs them.
import { build } from "esbuild";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const jsRoot = dirname(fileURLToPath(import.meta.url));

/** The esbuild options; the bundle test rebuilds with them to prove dist/cli.cjs is current. */
export const cliBundle = {
  absWorkingDir: jsRoot,
  entryPoints: ["lib/cli.js"],
  outfile: join(jsRoot, "dist", "cli.cjs"),
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node18",
  packages: "external",
  // lib/ finds the wasm module, the rule examples and package.json relative to its own URL;
  // dist/ sits at the same depth, so the same relative URLs hold for the bundle.
  banner: { js: 'const __importMetaUrl = require("node:url").pathToFileURL(__filename).href;' },
  define: { "import.meta.url": "__importMetaUrl" },
  logLevel: "warning",
};

if (process.argv[1] === fileURLToPath(import.meta.url)) await build(cliBundle);
