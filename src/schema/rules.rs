//! The one place where a change's side and effect become a rule: (side, family, effect) →
//! rule id for the constraint families, (side, kind) → rule id for the rest. Generated from the
//! same table as the registry entries, so every family/effect the walk emits has a rule.

use super::{Effect, Side};
use crate::rules::RuleId;

/// A family of keywords whose change moves the accepted instance set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    Type,
    Enum,
    Range,
    MultipleOf,
    Length,
    ItemCount,
    PropertyCount,
    Contains,
    ContainsCount,
    UniqueItems,
    Pattern,
    Format,
    AdditionalProperties,
    Subschema,
    AnyOf,
    OneOf,
    AllOf,
    Not,
    PatternProperties,
    PropertyNames,
    DependentRequired,
    DependentSchemas,
    Conditional,
    Ref,
    UnevaluatedProperties,
    UnevaluatedItems,
}

/// Rules whose severity does not follow the effect: structure, annotations, limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fixed {
    PropertyAdded,
    PropertyRemoved,
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
}

/// The rule for a change with a known effect on the accepted set. Severity follows variance
/// because each rule's registry severity does: input narrowed/changed and output
/// widened/changed are BREAKING.
pub fn effect_rule(side: Side, family: Family, effect: Effect) -> RuleId {
    match (side, family, effect) {
        (Side::Input, Family::Enum, Effect::Widened) => RuleId::ToolInputEnumWidened,
        (Side::Input, Family::Enum, Effect::Narrowed) => RuleId::ToolInputEnumNarrowed,
        (Side::Input, Family::Enum, Effect::Changed) => RuleId::ToolInputEnumChanged,
        (Side::Input, Family::Range, Effect::Widened) => RuleId::ToolInputRangeWidened,
        (Side::Input, Family::Range, Effect::Narrowed) => RuleId::ToolInputRangeNarrowed,
        (Side::Input, Family::MultipleOf, Effect::Widened) => RuleId::ToolInputMultipleOfWidened,
        (Side::Input, Family::MultipleOf, Effect::Narrowed) => RuleId::ToolInputMultipleOfNarrowed,
        (Side::Input, Family::MultipleOf, Effect::Changed) => RuleId::ToolInputMultipleOfChanged,
        (Side::Input, Family::Length, Effect::Widened) => RuleId::ToolInputLengthWidened,
        (Side::Input, Family::Length, Effect::Narrowed) => RuleId::ToolInputLengthNarrowed,
        (Side::Input, Family::ItemCount, Effect::Widened) => RuleId::ToolInputItemCountWidened,
        (Side::Input, Family::ItemCount, Effect::Narrowed) => RuleId::ToolInputItemCountNarrowed,
        (Side::Input, Family::PropertyCount, Effect::Widened) => RuleId::ToolInputPropertyCountWidened,
        (Side::Input, Family::PropertyCount, Effect::Narrowed) => RuleId::ToolInputPropertyCountNarrowed,
        (Side::Input, Family::Contains, Effect::Widened) => RuleId::ToolInputContainsWidened,
        (Side::Input, Family::Contains, Effect::Narrowed) => RuleId::ToolInputContainsNarrowed,
        (Side::Input, Family::ContainsCount, Effect::Widened) => RuleId::ToolInputContainsCountWidened,
        (Side::Input, Family::ContainsCount, Effect::Narrowed) => RuleId::ToolInputContainsCountNarrowed,
        (Side::Input, Family::UniqueItems, Effect::Widened) => RuleId::ToolInputUniqueItemsWidened,
        (Side::Input, Family::UniqueItems, Effect::Narrowed) => RuleId::ToolInputUniqueItemsNarrowed,
        (Side::Input, Family::Pattern, Effect::Widened) => RuleId::ToolInputPatternWidened,
        (Side::Input, Family::Pattern, Effect::Narrowed) => RuleId::ToolInputPatternNarrowed,
        (Side::Input, Family::Pattern, Effect::Changed) => RuleId::ToolInputPatternChanged,
        (Side::Input, Family::Format, Effect::Widened) => RuleId::ToolInputFormatWidened,
        (Side::Input, Family::Format, Effect::Narrowed) => RuleId::ToolInputFormatNarrowed,
        (Side::Input, Family::Format, Effect::Changed) => RuleId::ToolInputFormatChanged,
        (Side::Input, Family::AdditionalProperties, Effect::Widened) => RuleId::ToolInputAdditionalPropertiesWidened,
        (Side::Input, Family::AdditionalProperties, Effect::Narrowed) => RuleId::ToolInputAdditionalPropertiesNarrowed,
        (Side::Input, Family::Subschema, Effect::Widened) => RuleId::ToolInputSubschemaWidened,
        (Side::Input, Family::Subschema, Effect::Narrowed) => RuleId::ToolInputSubschemaNarrowed,
        (Side::Input, Family::AnyOf, Effect::Widened) => RuleId::ToolInputAnyOfWidened,
        (Side::Input, Family::AnyOf, Effect::Narrowed) => RuleId::ToolInputAnyOfNarrowed,
        (Side::Input, Family::OneOf, Effect::Widened) => RuleId::ToolInputOneOfWidened,
        (Side::Input, Family::OneOf, Effect::Narrowed) => RuleId::ToolInputOneOfNarrowed,
        (Side::Input, Family::OneOf, Effect::Changed) => RuleId::ToolInputOneOfChanged,
        (Side::Input, Family::AllOf, Effect::Widened) => RuleId::ToolInputAllOfWidened,
        (Side::Input, Family::AllOf, Effect::Narrowed) => RuleId::ToolInputAllOfNarrowed,
        (Side::Input, Family::Not, Effect::Widened) => RuleId::ToolInputNotWidened,
        (Side::Input, Family::Not, Effect::Narrowed) => RuleId::ToolInputNotNarrowed,
        (Side::Input, Family::PatternProperties, Effect::Widened) => RuleId::ToolInputPatternPropertiesWidened,
        (Side::Input, Family::PatternProperties, Effect::Narrowed) => RuleId::ToolInputPatternPropertiesNarrowed,
        (Side::Input, Family::PropertyNames, Effect::Widened) => RuleId::ToolInputPropertyNamesWidened,
        (Side::Input, Family::PropertyNames, Effect::Narrowed) => RuleId::ToolInputPropertyNamesNarrowed,
        (Side::Input, Family::DependentRequired, Effect::Widened) => RuleId::ToolInputDependentRequiredWidened,
        (Side::Input, Family::DependentRequired, Effect::Narrowed) => RuleId::ToolInputDependentRequiredNarrowed,
        (Side::Input, Family::DependentSchemas, Effect::Widened) => RuleId::ToolInputDependentSchemasWidened,
        (Side::Input, Family::DependentSchemas, Effect::Narrowed) => RuleId::ToolInputDependentSchemasNarrowed,
        (Side::Input, Family::Conditional, Effect::Changed) => RuleId::ToolInputConditionalChanged,
        (Side::Input, Family::Ref, Effect::Changed) => RuleId::ToolInputRefChanged,
        (Side::Input, Family::UnevaluatedProperties, Effect::Widened) => RuleId::ToolInputUnevaluatedPropertiesWidened,
        (Side::Input, Family::UnevaluatedProperties, Effect::Narrowed) => {
            RuleId::ToolInputUnevaluatedPropertiesNarrowed
        }
        (Side::Input, Family::UnevaluatedProperties, Effect::Changed) => RuleId::ToolInputUnevaluatedPropertiesChanged,
        (Side::Input, Family::UnevaluatedItems, Effect::Widened) => RuleId::ToolInputUnevaluatedItemsWidened,
        (Side::Input, Family::UnevaluatedItems, Effect::Narrowed) => RuleId::ToolInputUnevaluatedItemsNarrowed,
        (Side::Input, Family::UnevaluatedItems, Effect::Changed) => RuleId::ToolInputUnevaluatedItemsChanged,
        (Side::Input, Family::Type, Effect::Widened) => RuleId::ToolInputTypeWidened,
        (Side::Input, Family::Type, Effect::Narrowed) => RuleId::ToolInputTypeNarrowed,
        (Side::Input, Family::Type, Effect::Changed) => RuleId::ToolInputTypeChanged,
        (Side::Output, Family::Enum, Effect::Widened) => RuleId::ToolOutputEnumWidened,
        (Side::Output, Family::Enum, Effect::Narrowed) => RuleId::ToolOutputEnumNarrowed,
        (Side::Output, Family::Enum, Effect::Changed) => RuleId::ToolOutputEnumChanged,
        (Side::Output, Family::Range, Effect::Widened) => RuleId::ToolOutputRangeWidened,
        (Side::Output, Family::Range, Effect::Narrowed) => RuleId::ToolOutputRangeNarrowed,
        (Side::Output, Family::MultipleOf, Effect::Widened) => RuleId::ToolOutputMultipleOfWidened,
        (Side::Output, Family::MultipleOf, Effect::Narrowed) => RuleId::ToolOutputMultipleOfNarrowed,
        (Side::Output, Family::MultipleOf, Effect::Changed) => RuleId::ToolOutputMultipleOfChanged,
        (Side::Output, Family::Length, Effect::Widened) => RuleId::ToolOutputLengthWidened,
        (Side::Output, Family::Length, Effect::Narrowed) => RuleId::ToolOutputLengthNarrowed,
        (Side::Output, Family::ItemCount, Effect::Widened) => RuleId::ToolOutputItemCountWidened,
        (Side::Output, Family::ItemCount, Effect::Narrowed) => RuleId::ToolOutputItemCountNarrowed,
        (Side::Output, Family::PropertyCount, Effect::Widened) => RuleId::ToolOutputPropertyCountWidened,
        (Side::Output, Family::PropertyCount, Effect::Narrowed) => RuleId::ToolOutputPropertyCountNarrowed,
        (Side::Output, Family::Contains, Effect::Widened) => RuleId::ToolOutputContainsWidened,
        (Side::Output, Family::Contains, Effect::Narrowed) => RuleId::ToolOutputContainsNarrowed,
        (Side::Output, Family::ContainsCount, Effect::Widened) => RuleId::ToolOutputContainsCountWidened,
        (Side::Output, Family::ContainsCount, Effect::Narrowed) => RuleId::ToolOutputContainsCountNarrowed,
        (Side::Output, Family::UniqueItems, Effect::Widened) => RuleId::ToolOutputUniqueItemsWidened,
        (Side::Output, Family::UniqueItems, Effect::Narrowed) => RuleId::ToolOutputUniqueItemsNarrowed,
        (Side::Output, Family::Pattern, Effect::Widened) => RuleId::ToolOutputPatternWidened,
        (Side::Output, Family::Pattern, Effect::Narrowed) => RuleId::ToolOutputPatternNarrowed,
        (Side::Output, Family::Pattern, Effect::Changed) => RuleId::ToolOutputPatternChanged,
        (Side::Output, Family::Format, Effect::Widened) => RuleId::ToolOutputFormatWidened,
        (Side::Output, Family::Format, Effect::Narrowed) => RuleId::ToolOutputFormatNarrowed,
        (Side::Output, Family::Format, Effect::Changed) => RuleId::ToolOutputFormatChanged,
        (Side::Output, Family::AdditionalProperties, Effect::Widened) => RuleId::ToolOutputAdditionalPropertiesWidened,
        (Side::Output, Family::AdditionalProperties, Effect::Narrowed) => {
            RuleId::ToolOutputAdditionalPropertiesNarrowed
        }
        (Side::Output, Family::Subschema, Effect::Widened) => RuleId::ToolOutputSubschemaWidened,
        (Side::Output, Family::Subschema, Effect::Narrowed) => RuleId::ToolOutputSubschemaNarrowed,
        (Side::Output, Family::AnyOf, Effect::Widened) => RuleId::ToolOutputAnyOfWidened,
        (Side::Output, Family::AnyOf, Effect::Narrowed) => RuleId::ToolOutputAnyOfNarrowed,
        (Side::Output, Family::OneOf, Effect::Widened) => RuleId::ToolOutputOneOfWidened,
        (Side::Output, Family::OneOf, Effect::Narrowed) => RuleId::ToolOutputOneOfNarrowed,
        (Side::Output, Family::OneOf, Effect::Changed) => RuleId::ToolOutputOneOfChanged,
        (Side::Output, Family::AllOf, Effect::Widened) => RuleId::ToolOutputAllOfWidened,
        (Side::Output, Family::AllOf, Effect::Narrowed) => RuleId::ToolOutputAllOfNarrowed,
        (Side::Output, Family::Not, Effect::Widened) => RuleId::ToolOutputNotWidened,
        (Side::Output, Family::Not, Effect::Narrowed) => RuleId::ToolOutputNotNarrowed,
        (Side::Output, Family::PatternProperties, Effect::Widened) => RuleId::ToolOutputPatternPropertiesWidened,
        (Side::Output, Family::PatternProperties, Effect::Narrowed) => RuleId::ToolOutputPatternPropertiesNarrowed,
        (Side::Output, Family::PropertyNames, Effect::Widened) => RuleId::ToolOutputPropertyNamesWidened,
        (Side::Output, Family::PropertyNames, Effect::Narrowed) => RuleId::ToolOutputPropertyNamesNarrowed,
        (Side::Output, Family::DependentRequired, Effect::Widened) => RuleId::ToolOutputDependentRequiredWidened,
        (Side::Output, Family::DependentRequired, Effect::Narrowed) => RuleId::ToolOutputDependentRequiredNarrowed,
        (Side::Output, Family::DependentSchemas, Effect::Widened) => RuleId::ToolOutputDependentSchemasWidened,
        (Side::Output, Family::DependentSchemas, Effect::Narrowed) => RuleId::ToolOutputDependentSchemasNarrowed,
        (Side::Output, Family::Conditional, Effect::Changed) => RuleId::ToolOutputConditionalChanged,
        (Side::Output, Family::Ref, Effect::Changed) => RuleId::ToolOutputRefChanged,
        (Side::Output, Family::UnevaluatedProperties, Effect::Widened) => {
            RuleId::ToolOutputUnevaluatedPropertiesWidened
        }
        (Side::Output, Family::UnevaluatedProperties, Effect::Narrowed) => {
            RuleId::ToolOutputUnevaluatedPropertiesNarrowed
        }
        (Side::Output, Family::UnevaluatedProperties, Effect::Changed) => {
            RuleId::ToolOutputUnevaluatedPropertiesChanged
        }
        (Side::Output, Family::UnevaluatedItems, Effect::Widened) => RuleId::ToolOutputUnevaluatedItemsWidened,
        (Side::Output, Family::UnevaluatedItems, Effect::Narrowed) => RuleId::ToolOutputUnevaluatedItemsNarrowed,
        (Side::Output, Family::UnevaluatedItems, Effect::Changed) => RuleId::ToolOutputUnevaluatedItemsChanged,
        (Side::Output, Family::Type, Effect::Widened) => RuleId::ToolOutputTypeWidened,
        (Side::Output, Family::Type, Effect::Narrowed) => RuleId::ToolOutputTypeNarrowed,
        (Side::Output, Family::Type, Effect::Changed) => RuleId::ToolOutputTypeChanged,
        // No rule names this combination (the walk never produces it): unmodelled means breaking.
        (Side::Input, _, _) => RuleId::ToolInputKeywordUnmodelled,
        (Side::Output, _, _) => RuleId::ToolOutputKeywordUnmodelled,
    }
}

pub fn fixed_rule(side: Side, rule: Fixed) -> RuleId {
    match (side, rule) {
        (Side::Input, Fixed::PropertyAdded) => RuleId::ToolInputPropertyAdded,
        (Side::Input, Fixed::PropertyRemoved) => RuleId::ToolInputPropertyRemoved,
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
        (Side::Output, Fixed::PropertyAdded) => RuleId::ToolOutputPropertyAdded,
        (Side::Output, Fixed::PropertyRemoved) => RuleId::ToolOutputPropertyRemoved,
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
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::severity::Severity;

    const FAMILIES: &[Family] = &[
        Family::Type,
        Family::Enum,
        Family::Range,
        Family::MultipleOf,
        Family::Length,
        Family::ItemCount,
        Family::PropertyCount,
        Family::Contains,
        Family::ContainsCount,
        Family::UniqueItems,
        Family::Pattern,
        Family::Format,
        Family::AdditionalProperties,
        Family::Subschema,
        Family::AnyOf,
        Family::OneOf,
        Family::AllOf,
        Family::Not,
        Family::PatternProperties,
        Family::PropertyNames,
        Family::DependentRequired,
        Family::DependentSchemas,
        Family::Conditional,
        Family::Ref,
        Family::UnevaluatedProperties,
        Family::UnevaluatedItems,
    ];

    #[test]
    fn severities_follow_variance() {
        for &family in FAMILIES {
            for (effect, input, output) in [
                (Effect::Widened, Severity::NonBreaking, Severity::Breaking),
                (Effect::Narrowed, Severity::Breaking, Severity::NonBreaking),
                (Effect::Changed, Severity::Breaking, Severity::Breaking),
            ] {
                let (i, o) = (effect_rule(Side::Input, family, effect), effect_rule(Side::Output, family, effect));
                // Combinations without their own rule fall back to `keyword.unmodelled` (BREAKING).
                if i != RuleId::ToolInputKeywordUnmodelled {
                    assert_eq!(i.meta().severity, input, "{i}");
                    assert!(i.as_str().starts_with("tool.input."), "{i}");
                }
                if o != RuleId::ToolOutputKeywordUnmodelled {
                    assert_eq!(o.meta().severity, output, "{o}");
                    assert!(o.as_str().starts_with("tool.output."), "{o}");
                }
            }
        }
    }
}
