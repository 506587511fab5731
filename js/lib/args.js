//! A command's own options, read the way node:util's `parseArgs` reads them in strict mode with
//! positionals allowed, for the shapes the commands declare: string and boolean options, a
//! one-letter `short` alias, `multiple` and `default`. Not `parseArgs` itself because Node 20
//! compiles its code on first use, 1–1.5 ms of every CLI run (start-up time is a target);
//! js/test/args.test.mjs checks this reading against `parseArgs` on the same argument lists.
import { UsageError } from "./errors.js";

/**
 * `args` read against `options` (`{ name: { type: "string" | "boolean", short?, multiple?,
 * default? } }`): `{ values, positionals }`, `values` without a prototype as `parseArgs` returns
 * it. `--` ends the options. Throws a UsageError for an unknown option, a string option without
 * a value (or one that looks like an option: write `--name=-x` for that) and a value given to a
 * boolean option.
 */
export function parseOptions(args, options) {
  const values = Object.create(null);
  const positionals = [];
  const byShort = new Map(Object.entries(options).filter(([, o]) => o.short).map(([name, o]) => [o.short, name]));
  const set = (name, value) => {
    if (options[name].multiple) (values[name] ??= []).push(value);
    else values[name] = value;
  };
  // The value of string option `name` spelt `spelling`: the next argument, which must exist and
  // must not look like an option.
  let i = 0;
  const nextValue = (spelling) => {
    const value = args[i + 1];
    if (value === undefined) throw new UsageError(`option \`${spelling}\` needs a value (see --help)`);
    if (value.length > 1 && value.startsWith("-")) {
      throw new UsageError(`option \`${spelling}\` needs a value, not \`${value}\`; to pass a value that starts with -, write ${spelling}=${value} (see --help)`);
    }
    i++;
    return value;
  };
  for (; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--") {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (arg.startsWith("--")) {
      const equals = arg.indexOf("=");
      const name = equals === -1 ? arg.slice(2) : arg.slice(2, equals);
      const option = Object.hasOwn(options, name) ? options[name] : undefined;
      if (!option) throw new UsageError(`unknown option \`--${name}\` (see --help)`);
      if (option.type === "boolean") {
        if (equals !== -1) throw new UsageError(`option \`--${name}\` takes no value (see --help)`);
        set(name, true);
      } else {
        set(name, equals === -1 ? nextValue(arg) : arg.slice(equals + 1));
      }
    } else if (arg.length > 1 && arg.startsWith("-")) {
      // `-q`, `-f json`, `-fjson`, and booleans grouped (`-qh`); a string option takes the rest
      // of the group as its value, or else the next argument.
      for (let at = 1; at < arg.length; at++) {
        const name = byShort.get(arg[at]);
        if (name === undefined) throw new UsageError(`unknown option \`-${arg[at]}\` (see --help)`);
        if (options[name].type === "boolean") {
          set(name, true);
          continue;
        }
        set(name, at + 1 < arg.length ? arg.slice(at + 1) : nextValue(`-${arg[at]}`));
        break;
      }
    } else {
      positionals.push(arg);
    }
  }
  for (const [name, option] of Object.entries(options)) {
    if (option.default !== undefined && values[name] === undefined) values[name] = option.default;
  }
  return { values, positionals };
}
