//! Where a schema change becomes a rule. The keyword families' rules, (family, side, effect) →
//! rule id, come from the family table in `src/rules/families.rs` ([`effect_rule`]); the rules
//! whose severity does not follow the effect map (side, kind) → rule id here, in one
//! exhaustive match.

use super::Side;
use crate::rules::RuleId;

pub use crate::rules::{effect_rule, Family};

/// Rules whose severity does not follow the effect: structure, annotations, limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fixed {
    PropertyAdded,
    PropertyRemoved,
    /// Input property removed where the new schema refuses the key (closed, or a catch-all
    /// some of its old values do not fit).
    PropertyRemovedFromClosed,
    /// Output property added where the old schema closed the object.
    PropertyAddedToClosed,
    /// Output property added whose schema does not fit the old catch-all.
    PropertyAddedOutsideCatchAll,
    /// Input property added narrower than the old explicit catch-all.
    PropertyAddedNarrowingCatchAll,
    RequiredAdded,
    RequiredRemoved,
    Unmodelled,
    PatternGeneratorChurn,
    DepthExceeded,
    DefaultChanged,
    ExamplesChanged,
    DeprecatedAdded,
    DeprecatedRemoved,
    ReadOnlyChanged,
    WriteOnlyChanged,
    CommentChanged,
    UnreferencedDefinitionChanged,
    ContentChanged,
    DialectChanged,
    DescriptionChanged,
    TitleChanged,
    IdentifierChanged,
    InertChanged,
    /// A vendor keyword of a generator in use changed (`keywords::VENDOR_KEYWORDS`).
    VendorKeywordChanged,
}

pub fn fixed_rule(side: Side, rule: Fixed) -> RuleId {
    match (side, rule) {
        (Side::Input, Fixed::PropertyAdded) => RuleId::ToolInputPropertyAdded,
        (Side::Input, Fixed::PropertyRemoved) => RuleId::ToolInputPropertyRemoved,
        (Side::Input, Fixed::PropertyRemovedFromClosed) => RuleId::ToolInputPropertyRemovedFromClosed,
        (Side::Input, Fixed::PropertyAddedNarrowingCatchAll) => RuleId::ToolInputPropertyAddedNarrowingCatchAll,
        // Input duals: a closed object opening, or a key that fits the catch-all, is an addition.
        (Side::Input, Fixed::PropertyAddedToClosed | Fixed::PropertyAddedOutsideCatchAll) => {
            RuleId::ToolInputPropertyAdded
        }
        (Side::Input, Fixed::RequiredAdded) => RuleId::ToolInputRequiredAdded,
        (Side::Input, Fixed::RequiredRemoved) => RuleId::ToolInputRequiredRemoved,
        (Side::Input, Fixed::Unmodelled) => RuleId::ToolInputKeywordUnmodelled,
        (Side::Input, Fixed::PatternGeneratorChurn) => RuleId::ToolInputPatternGeneratorChurn,
        (Side::Input, Fixed::DepthExceeded) => RuleId::ToolInputDepthExceeded,
        (Side::Input, Fixed::DefaultChanged) => RuleId::ToolInputDefaultChanged,
        (Side::Input, Fixed::ExamplesChanged) => RuleId::ToolInputExamplesChanged,
        (Side::Input, Fixed::DeprecatedAdded) => RuleId::ToolInputDeprecatedAdded,
        (Side::Input, Fixed::DeprecatedRemoved) => RuleId::ToolInputDeprecatedRemoved,
        (Side::Input, Fixed::ReadOnlyChanged) => RuleId::ToolInputReadOnlyChanged,
        (Side::Input, Fixed::WriteOnlyChanged) => RuleId::ToolInputWriteOnlyChanged,
        (Side::Input, Fixed::CommentChanged) => RuleId::ToolInputCommentChanged,
        (Side::Input, Fixed::UnreferencedDefinitionChanged) => RuleId::ToolInputUnreferencedDefinitionChanged,
        (Side::Input, Fixed::ContentChanged) => RuleId::ToolInputContentChanged,
        (Side::Input, Fixed::DialectChanged) => RuleId::ToolInputDialectChanged,
        (Side::Input, Fixed::DescriptionChanged) => RuleId::ToolInputPropertyDescriptionChanged,
        (Side::Input, Fixed::TitleChanged) => RuleId::ToolInputPropertyTitleChanged,
        (Side::Input, Fixed::IdentifierChanged) => RuleId::ToolInputIdentifierChanged,
        (Side::Input, Fixed::InertChanged) => RuleId::ToolInputInertKeywordChanged,
        (Side::Input, Fixed::VendorKeywordChanged) => RuleId::ToolInputVendorKeywordChanged,
        (Side::Output, Fixed::PropertyAdded) => RuleId::ToolOutputPropertyAdded,
        // A caller reads an output property: removed is removed, however the object is closed.
        (Side::Output, Fixed::PropertyRemoved | Fixed::PropertyRemovedFromClosed) => RuleId::ToolOutputPropertyRemoved,
        (Side::Output, Fixed::PropertyAddedToClosed) => RuleId::ToolOutputPropertyAddedToClosed,
        (Side::Output, Fixed::PropertyAddedOutsideCatchAll) => RuleId::ToolOutputPropertyAddedOutsideCatchAll,
        (Side::Output, Fixed::PropertyAddedNarrowingCatchAll) => RuleId::ToolOutputPropertyAdded,
        (Side::Output, Fixed::RequiredAdded) => RuleId::ToolOutputRequiredAdded,
        (Side::Output, Fixed::RequiredRemoved) => RuleId::ToolOutputRequiredRemoved,
        (Side::Output, Fixed::Unmodelled) => RuleId::ToolOutputKeywordUnmodelled,
        (Side::Output, Fixed::PatternGeneratorChurn) => RuleId::ToolOutputPatternGeneratorChurn,
        (Side::Output, Fixed::DepthExceeded) => RuleId::ToolOutputDepthExceeded,
        (Side::Output, Fixed::DefaultChanged) => RuleId::ToolOutputDefaultChanged,
        (Side::Output, Fixed::ExamplesChanged) => RuleId::ToolOutputExamplesChanged,
        (Side::Output, Fixed::DeprecatedAdded) => RuleId::ToolOutputDeprecatedAdded,
        (Side::Output, Fixed::DeprecatedRemoved) => RuleId::ToolOutputDeprecatedRemoved,
        (Side::Output, Fixed::ReadOnlyChanged) => RuleId::ToolOutputReadOnlyChanged,
        (Side::Output, Fixed::WriteOnlyChanged) => RuleId::ToolOutputWriteOnlyChanged,
        (Side::Output, Fixed::CommentChanged) => RuleId::ToolOutputCommentChanged,
        (Side::Output, Fixed::UnreferencedDefinitionChanged) => RuleId::ToolOutputUnreferencedDefinitionChanged,
        (Side::Output, Fixed::ContentChanged) => RuleId::ToolOutputContentChanged,
        (Side::Output, Fixed::DialectChanged) => RuleId::ToolOutputDialectChanged,
        (Side::Output, Fixed::DescriptionChanged) => RuleId::ToolOutputPropertyDescriptionChanged,
        (Side::Output, Fixed::TitleChanged) => RuleId::ToolOutputPropertyTitleChanged,
        (Side::Output, Fixed::IdentifierChanged) => RuleId::ToolOutputIdentifierChanged,
        (Side::Output, Fixed::InertChanged) => RuleId::ToolOutputInertKeywordChanged,
        (Side::Output, Fixed::VendorKeywordChanged) => RuleId::ToolOutputVendorKeywordChanged,
    }
}
