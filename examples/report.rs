//! The native front end in miniature: prints what `mcp-contract diff OLD NEW --format json`
//! prints, computed by the Rust engine directly. The JS tests compare the two byte for byte.
//!
//! Usage: `cargo run --example report -- OLD NEW [CONFIG] [--format text|json]`

use mcp_contract::render::Format;
use mcp_contract::{run, RunOptions};
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut format = Format::Json;
    let mut paths = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--format" {
            match args.next().as_deref().and_then(Format::parse) {
                Some(parsed) => format = parsed,
                None => return fail("--format needs text or json"),
            }
        } else {
            paths.push(arg);
        }
    }
    if !(2..=3).contains(&paths.len()) {
        return fail("usage: report OLD NEW [CONFIG] [--format text|json]");
    }
    let mut texts = Vec::new();
    for path in &paths {
        match std::fs::read_to_string(path) {
            Ok(text) => texts.push(text),
            Err(e) => return fail(&format!("{path}: {e}")),
        }
    }
    let options = RunOptions { format, ..RunOptions::default() };
    match run(&texts[0], &texts[1], texts.get(2).map(String::as_str), &options) {
        Ok(output) => {
            print!("{}", output.output);
            ExitCode::from(if output.verdict == mcp_contract::Verdict::Fail { 1 } else { 0 })
        }
        Err(e) => fail(&e.to_string()),
    }
}

fn fail(message: &str) -> ExitCode {
    eprintln!("report: {message}");
    ExitCode::from(2)
}
