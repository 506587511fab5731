//! Renders a diff in any format: `cargo run --example render -- FORMAT OLD NEW [CONFIG]
//! [--notes NOTES.json] [--new-path PATH]` (notes: `{"<change id>": "note"}`, attached as the
//! semantic pass does; PATH: the NEW file's repository path for SARIF and GitHub output).
//! Handy for looking at a format natively while working on a renderer (the tests go through
//! the npm package and the CLI).

use mcp_contract::render::Format;
use mcp_contract::{run, RunOptions};
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let (Ok(notes), Ok(new_path)) = (take_flag(&mut args, "--notes"), take_flag(&mut args, "--new-path")) else {
        return usage();
    };
    let [format, old, new, rest @ ..] = args.as_slice() else {
        return usage();
    };
    let read = |path: &str| std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"));
    let result = (|| {
        let format = Format::parse(format).ok_or_else(|| format!("unknown format `{format}`"))?;
        let config = rest.first().map(|path| read(path)).transpose()?;
        let mut options = RunOptions { format, new_path, ..RunOptions::default() };
        if let Some(path) = &notes {
            let value: mcp_contract::Value = serde_json::from_str(&read(path)?).map_err(|e| format!("{path}: {e}"))?;
            options.notes = mcp_contract::notes::notes_from_json(&value)?;
        }
        run(&read(old)?, &read(new)?, config.as_deref(), &options).map_err(|e| e.to_string())
    })();
    match result {
        Ok(output) => {
            print!("{}", output.output);
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("{message}");
            ExitCode::from(2)
        }
    }
}

/// Removes `flag VALUE` from the arguments; `Err` when the value is missing.
fn take_flag(args: &mut Vec<String>, flag: &str) -> Result<Option<String>, ()> {
    match args.iter().position(|a| a == flag) {
        Some(at) if at + 1 < args.len() => Ok(args.drain(at..at + 2).nth(1)),
        Some(_) => Err(()),
        None => Ok(None),
    }
}

fn usage() -> ExitCode {
    eprintln!("usage: render FORMAT OLD NEW [CONFIG] [--notes NOTES.json] [--new-path PATH]");
    ExitCode::from(2)
}
