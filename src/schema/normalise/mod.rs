//! Normalise: each schema rewritten into one canonical tree ([`normal`]), in which equivalent
//! spellings are equal, `$ref`s are inlined and every node keeps its source pointer.

pub(super) mod canon;
pub(super) mod compose;
mod fold;
pub(super) mod lift;
pub(super) mod node;
pub(super) mod normal;
mod rewrite;
mod sorted;
pub(super) mod subsume;
pub(super) mod tuple;
pub(super) mod types;
