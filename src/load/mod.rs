//! Load: input text parsed into documents (JSON or YAML), the nesting limits, and the snapshot
//! model the detectors read.

pub mod error;
pub(crate) mod input;
pub mod limits;
pub mod snapshot;
pub mod yaml;
