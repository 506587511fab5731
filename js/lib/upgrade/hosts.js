//! MCP host configs: where each host keeps its servers (a repository's `.vscode/mcp.json`,
//! `.cursor/mcp.json`, `.mcp.json`, `.gemini/settings.json`; a user's Claude Desktop, Cursor,
//! Gemini CLI and VS Code configs), reading them (JSON with comments and trailing commas, as VS
//! Code writes them), and the servers each one starts.
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { CliError } from "../errors.js";

/** The repository configs, relative to the repository root. */
export const REPOSITORY_CONFIGS = [".vscode/mcp.json", ".cursor/mcp.json", ".mcp.json", ".gemini/settings.json", "claude_desktop_config.json"];

/** A user's configs on this platform (`--user`): Claude Desktop, Cursor, Gemini CLI, VS Code. */
export function userConfigs(env = process.env, platform = process.platform, home = os.homedir()) {
  const appData = platform === "win32" ? env.APPDATA || path.join(home, "AppData", "Roaming") : platform === "darwin" ? path.join(home, "Library", "Application Support") : env.XDG_CONFIG_HOME || path.join(home, ".config");
  return [
    path.join(appData, "Claude", "claude_desktop_config.json"),
    path.join(home, ".cursor", "mcp.json"),
    path.join(home, ".gemini", "settings.json"),
    path.join(appData, "Code", "User", "mcp.json"),
  ];
}

/** This user's configs that exist. */
export function existingUserConfigs() {
  return userConfigs().filter((file) => existsSync(file));
}

/** The repository configs that exist under `root`, as paths relative to it. */
export function findRepositoryConfigs(root) {
  return REPOSITORY_CONFIGS.filter((file) => existsSync(path.join(root, file)));
}

/**
 * The servers of one config's text: `[{ name, command, args, env, url }]` in the config's
 * order. VS Code keeps them under `servers`, the other hosts under `mcpServers`. `file` names
 * the config in errors.
 */
export function configServers(text, file) {
  let data;
  try {
    data = JSON.parse(stripJsonc(text));
  } catch (error) {
    throw new CliError(`${file}: is not valid JSON (${error.message}); fix it or leave it out`);
  }
  const servers = data?.servers ?? data?.mcpServers;
  if (servers === undefined) return [];
  if (!servers || typeof servers !== "object" || Array.isArray(servers)) throw new CliError(`${file}: \`${data.servers ? "servers" : "mcpServers"}\` is not an object of servers by name`);
  return Object.entries(servers).map(([name, entry]) => ({
    name,
    command: typeof entry?.command === "string" ? entry.command : undefined,
    args: Array.isArray(entry?.args) ? entry.args.map(String) : [],
    env: entry?.env && typeof entry.env === "object" ? entry.env : {},
    url: typeof entry?.url === "string" ? entry.url : undefined,
  }));
}

/** JSON with `//` and block comments and trailing commas (JSONC) as plain JSON; strings are kept as they are. */
export function stripJsonc(text) {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j;
    } else if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
      out += "\n";
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end === -1 ? text.length : end + 1;
      out += " ";
    } else if (c === ",") {
      // A comma before a closing bracket (after whitespace and comments) is dropped.
      let j = i + 1;
      for (;;) {
        while (j < text.length && /\s/.test(text[j])) j++;
        if (text[j] === "/" && text[j + 1] === "/") while (j < text.length && text[j] !== "\n") j++;
        else if (text[j] === "/" && text[j + 1] === "*") j = text.indexOf("*/", j + 2) === -1 ? text.length : text.indexOf("*/", j + 2) + 2;
        else break;
      }
      if (text[j] !== "}" && text[j] !== "]") out += c;
    } else {
      out += c;
    }
  }
  return out;
}
