#!/usr/bin/env node
// The `mcp-contract` command. All work happens in lib/cli.js; this file only sets the exit code
// and turns even a failed load (say, an unbuilt pkg/) into one line instead of a stack trace.
// A closed pipe (`mcp-contract rules | head`) is not an error worth a stack trace.
process.stdout.on("error", (error) => {
  if (error.code !== "EPIPE") process.stderr.write(`mcp-contract: cannot write output: ${error.message}\n`);
  process.exit(error.code === "EPIPE" ? (process.exitCode ?? 0) : 2);
});
try {
  const { main } = await import("../lib/cli.js");
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`mcp-contract: cannot start: ${error?.message ?? error}\n`);
  process.exitCode = 2;
}
