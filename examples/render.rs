//! Renders a diff in any format: `cargo run --example render -- FORMAT OLD NEW [CONFIG]`.
//! Used by the JS tests that validate the SARIF output against its schema, and handy for
//! looking at a format while working on it.

use mcp_contract::render::Format;
use mcp_contract::{run, RunOptions};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [format, old, new, rest @ ..] = args.as_slice() else {
        eprintln!("usage: render FORMAT OLD NEW [CONFIG]");
        return ExitCode::from(2);
    };
    let read = |path: &str| std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"));
    let result = (|| {
        let format = Format::parse(format).ok_or_else(|| format!("unknown format `{format}`"))?;
        let config = rest.first().map(|path| read(path)).transpose()?;
        let options = RunOptions { format, ..RunOptions::default() };
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
