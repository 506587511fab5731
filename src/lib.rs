//! mcp-contract: the deterministic contract-diff engine for MCP servers.
//!
//! Pure and deterministic: no I/O, no clock, no randomness; errors are values. The pipeline is
//! load → detect (raw findings) → policy (overrides, ignores, order, verdict) → render.
//!
//! ```
//! let old = r#"{"tools": [{"name": "search", "inputSchema": {"type": "object"}}]}"#;
//! let new = r#"{"tools": []}"#;
//! let report = mcp_contract::diff_text(old, new, None).unwrap();
//! assert_eq!(report.changes[0].rule, "tool.removed");
//! assert_eq!(report.summary.verdict, mcp_contract::Verdict::Fail);
//! ```

// `cfg(sanitize)` tells the parse arena when it runs under AddressSanitizer (src/util/arena.rs);
// only the fuzz build turns `fuzz-arena` on, with a nightly compiler, as cargo-fuzz needs anyway.
#![cfg_attr(feature = "fuzz-arena", feature(cfg_sanitize))]

mod claims;
mod detect;
pub mod load;
pub mod meta;
mod pipeline;
pub mod policy;
pub mod prose;
pub mod render;
pub mod report;
pub mod rules;
pub mod schema;
pub mod util;

// The public paths the crate has always offered, each from the stage that now owns it.
pub use load::{error, limits, snapshot};
pub use policy::{config, semver};
pub use report::notes;
pub use rules::{finding, severity};
pub use util::{glob, hidden, json, pairing};

#[cfg(target_arch = "wasm32")]
mod wasm;

pub use config::{Config, Threshold};
pub use error::{Error, Input};
pub use report::{Change, Report, Verdict};
pub use rules::{RuleId, RuleMeta, RULES};
pub use severity::Severity;
pub use snapshot::Snapshot;
/// The JSON value every part of the engine reads (serde_json's shape; `From<serde_json::Value>`).
pub use util::value::{Map, Value};

pub use pipeline::{diff, diff_text, parse_snapshot_text, prepare, run, Prepared, RunOptions, RunOutput};
pub use report::VERSION;
