//! Size-driven helpers with no knowledge of MCP or of rules: the JSON value with its reader and
//! writer, the wasm arena, small collections, stable ordering, indexes, pairing, JSON pointers,
//! globs, schema patterns, hidden characters, look-alike letters and "did you mean".

pub(crate) mod arena;
pub mod case;
pub(crate) mod collect;
pub mod confusable;
pub mod glob;
pub mod hidden;
pub(crate) mod index;
pub mod json;
pub mod json_read;
pub mod meant;
pub(crate) mod order;
pub mod pairing;
pub(crate) mod regex;
#[cfg(test)]
pub(crate) mod test_random;
pub mod value;
pub(crate) mod word;
