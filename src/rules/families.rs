//! The schema family table: every rule about a keyword family of tool schemas, declared once.
//!
//! A family is a set of JSON Schema keywords whose change moves the set of instances a schema
//! accepts (`minimum`/`maximum` are the `range` family). The walk in `src/schema` judges each
//! change as widened, narrowed or changed (neither contains the other, or undecidable) and asks
//! [`effect_rule`](super::effect_rule) for the rule of (family, side, effect). Everything a family rule says follows
//! from its row below and its (side, effect) cell:
//!
//! - id: `tool.<side>.<family>.<effect>`, for example `tool.input.range.narrowed`;
//! - default severity: from variance alone. An input schema is written by the caller, so input
//!   narrowed or changed is BREAKING; an output schema is read by the caller, so output widened
//!   or changed is BREAKING; the other two are NON_BREAKING;
//! - summary and message: built from the row's `subject` (and `note`, a parenthesis the summary
//!   adds after the subject; `none` when the subject already names the keywords);
//! - why and advice: the texts of the (side, effect) cell in `family_text!` below, unless the rule
//!   gives its own `summary`, `why` or `advice` (in that order) after its cell;
//! - example: the fixture pair `tests/fixtures/rules/<id>/{old,new}.json`.
//!
//! Each row lists its rules, one per (side, effect) cell, and under `unmodelled` the cells that
//! have no rule of their own: such a change is reported as `tool.<side>.keyword.unmodelled`
//! (BREAKING). The walk produces none of today's, so a rule for one also needs the comparison
//! that decides that effect. Together the two lists must name all six cells:
//! [`effect_rule`](super::effect_rule) is generated as one match over (family, side, effect)
//! with no wildcard, so a row that forgets a cell, or a family without a row, does not compile.
//! To add a rule to a family, move its cell from `unmodelled` to `rules` and add its fixture
//! pair and snapshot (CONTRIBUTING.md, "Add a rule"; `make new-rule` does it).

use std::fmt;

/// Which side of the call a schema describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// `inputSchema`: written by the caller (contravariant).
    Input,
    /// `outputSchema`: read by the caller (covariant).
    Output,
}

/// A change's effect on the set of instances a schema node accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    Widened,
    Narrowed,
    /// Neither contains the other, or containment cannot be decided.
    Changed,
}

impl Effect {
    /// The effect seen through `flipped` negations (inside `not`, widening the inner schema
    /// narrows the outer one).
    pub fn flip(self, flipped: bool) -> Effect {
        match (self, flipped) {
            (Effect::Widened, true) => Effect::Narrowed,
            (Effect::Narrowed, true) => Effect::Widened,
            (effect, _) => effect,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Input => "input",
            Side::Output => "output",
        })
    }
}

/// The texts every family rule of one (side, effect) cell shares, and the words its id,
/// summary and message are built from. Used by [`declare_rules!`](super::declare_rules).
macro_rules! family_text {
    (side Input) => { "input" };
    (side Output) => { "output" };
    (effect Widened) => { "widened" };
    (effect Narrowed) => { "narrowed" };
    (effect Changed) => { "changed" };
    (amount Widened) => { "more" };
    (amount Narrowed) => { "fewer" };
    (amount Changed) => { "a different set of" };
    (note none) => { "" };
    (note $note:literal) => { concat!(" (", $note, ")") };
    (unmodelled Input) => { $crate::rules::RuleId::ToolInputKeywordUnmodelled };
    (unmodelled Output) => { $crate::rules::RuleId::ToolOutputKeywordUnmodelled };

    (severity Input Widened) => { $crate::rules::severity::Severity::NonBreaking };
    (severity Input Narrowed) => { $crate::rules::severity::Severity::Breaking };
    (severity Input Changed) => { $crate::rules::severity::Severity::Breaking };
    (severity Output Widened) => { $crate::rules::severity::Severity::Breaking };
    (severity Output Narrowed) => { $crate::rules::severity::Severity::NonBreaking };
    (severity Output Changed) => { $crate::rules::severity::Severity::Breaking };

    (why Input Widened) => {
        "Every argument that was valid stays valid; the input side is written by the caller, so accepting more is safe."
    };
    (why Input Narrowed) => { "Arguments that correct callers send today may now be rejected." };
    (why Input Changed) => {
        "The engine cannot show that every argument valid before is still valid (containment is undecidable or the sets cross), so callers may be rejected."
    };
    (why Output Widened) => {
        "The output side is read by the caller: consumers of `structuredContent` may now receive values outside the old contract and fail on them."
    };
    (why Output Narrowed) => { "Every result the new schema allows was allowed before, so consumers still handle it." };
    (why Output Changed) => { "Results may fall outside what consumers handle, and the engine cannot show otherwise." };

    (advice Input Widened) => { "Nothing to do." };
    (advice Input Narrowed) => {
        "Keep accepting what was accepted for a release (convert on the server), then narrow in a major version."
    };
    (advice Input Changed) => {
        "Accept both the old and the new forms for a release; if they are equivalent, ignore this instance with a reason."
    };
    (advice Output Widened) => { "Keep results within the old contract, or return the wider value in a new field." };
    (advice Output Narrowed) => { "Nothing to do." };
    (advice Output Changed) => {
        "Keep the old output contract, or add a new field; if the schemas are equivalent, ignore this instance with a reason."
    };
}
pub(crate) use family_text;

/// THE family table, one row per family. `declare_rules!` (the registry, `registry.rs`) passes
/// its entries through here, so that one `RuleId` enum and one `RULES` list hold every rule.
macro_rules! family_table {
    ($($registry:tt)*) => { $crate::rules::declare_rules! { @expand rules { $($registry)* } families {
        Type = "type" {
            subject: "type",
            note: none,
            rules: [
                ToolInputTypeWidened = Input Widened {
                    summary: "An input value accepts more JSON types than before.",
                    why: "Every argument that was valid stays valid; the input side is written by the caller, so widening it is safe.",
                },
                ToolInputTypeNarrowed = Input Narrowed {
                    summary: "An input value accepts fewer JSON types than before.",
                    why: "Callers that send a type that is no longer accepted are rejected (integer is a subset of number, so number → integer narrows). At the root of an inputSchema an absent `type` counts as `\"object\"`: a call's arguments are always a JSON object, so adding `type: \"object\"` there narrows nothing, and neither does dropping the `null` of `[\"object\", \"null\"]`.",
                    advice: "Keep accepting the old types, or convert them on the server.",
                },
                ToolInputTypeChanged = Input Changed {
                    summary: "An input value's JSON type changed to one that neither contains nor is contained by the old one.",
                    why: "Callers that send the old type are rejected.",
                    advice: "Accept both types (a type array) for a release, then narrow.",
                },
                ToolOutputTypeWidened = Output Widened {
                    summary: "An output value may have more JSON types than before.",
                    why: "The output side is read by the caller: consumers that expect the old types (for example a string that may now be null) break on the new ones.",
                    advice: "Keep the output type as it was, or add a new field with the wider type.",
                },
                ToolOutputTypeNarrowed = Output Narrowed {
                    summary: "An output value has fewer possible JSON types than before.",
                    why: "Consumers handled every old type, so they handle the remaining ones.",
                },
                ToolOutputTypeChanged = Output Changed {
                    summary: "An output value's JSON type changed to one that neither contains nor is contained by the old one.",
                    why: "Consumers that parse the old type meet values of a type they do not handle.",
                    advice: "Return a new field with the new type and keep the old one for a release.",
                },
            ],
            unmodelled: [],
        }
        Enum = "enum" {
            subject: "allowed values",
            note: "`enum` / `const`",
            rules: [
                ToolInputEnumWidened = Input Widened,
                ToolInputEnumNarrowed = Input Narrowed,
                ToolInputEnumChanged = Input Changed,
                ToolOutputEnumWidened = Output Widened,
                ToolOutputEnumNarrowed = Output Narrowed,
                ToolOutputEnumChanged = Output Changed,
            ],
            unmodelled: [],
        }
        Range = "range" {
            subject: "numeric range",
            note: "`minimum` / `maximum` / `exclusiveMinimum` / `exclusiveMaximum`",
            rules: [
                ToolInputRangeWidened = Input Widened,
                ToolInputRangeNarrowed = Input Narrowed,
                ToolOutputRangeWidened = Output Widened,
                ToolOutputRangeNarrowed = Output Narrowed,
            ],
            unmodelled: [Input Changed, Output Changed],
        }
        MultipleOf = "multipleOf" {
            subject: "`multipleOf` step",
            note: none,
            rules: [
                ToolInputMultipleOfWidened = Input Widened,
                ToolInputMultipleOfNarrowed = Input Narrowed,
                ToolInputMultipleOfChanged = Input Changed,
                ToolOutputMultipleOfWidened = Output Widened,
                ToolOutputMultipleOfNarrowed = Output Narrowed,
                ToolOutputMultipleOfChanged = Output Changed,
            ],
            unmodelled: [],
        }
        Length = "length" {
            subject: "string length limits",
            note: "`minLength` / `maxLength`",
            rules: [
                ToolInputLengthWidened = Input Widened,
                ToolInputLengthNarrowed = Input Narrowed,
                ToolOutputLengthWidened = Output Widened,
                ToolOutputLengthNarrowed = Output Narrowed,
            ],
            unmodelled: [Input Changed, Output Changed],
        }
        ItemCount = "itemCount" {
            subject: "array length limits",
            note: "`minItems` / `maxItems`",
            rules: [
                ToolInputItemCountWidened = Input Widened,
                ToolInputItemCountNarrowed = Input Narrowed,
                ToolOutputItemCountWidened = Output Widened,
                ToolOutputItemCountNarrowed = Output Narrowed,
            ],
            unmodelled: [Input Changed, Output Changed],
        }
        PropertyCount = "propertyCount" {
            subject: "object size limits",
            note: "`minProperties` / `maxProperties`",
            rules: [
                ToolInputPropertyCountWidened = Input Widened,
                ToolInputPropertyCountNarrowed = Input Narrowed,
                ToolOutputPropertyCountWidened = Output Widened,
                ToolOutputPropertyCountNarrowed = Output Narrowed,
            ],
            unmodelled: [Input Changed, Output Changed],
        }
        Contains = "contains" {
            subject: "`contains` requirement",
            note: none,
            rules: [
                ToolInputContainsWidened = Input Widened,
                ToolInputContainsNarrowed = Input Narrowed,
                ToolOutputContainsWidened = Output Widened,
                ToolOutputContainsNarrowed = Output Narrowed,
            ],
            unmodelled: [Input Changed, Output Changed],
        }
        ContainsCount = "containsCount" {
            subject: "`contains` count limits",
            note: "`minContains` / `maxContains`",
            rules: [
                ToolInputContainsCountWidened = Input Widened,
                ToolInputContainsCountNarrowed = Input Narrowed,
                ToolOutputContainsCountWidened = Output Widened,
                ToolOutputContainsCountNarrowed = Output Narrowed,
            ],
            unmodelled: [Input Changed, Output Changed],
        }
        UniqueItems = "uniqueItems" {
            subject: "`uniqueItems` requirement",
            note: none,
            rules: [
                ToolInputUniqueItemsWidened = Input Widened,
                ToolInputUniqueItemsNarrowed = Input Narrowed,
                ToolOutputUniqueItemsWidened = Output Widened,
                ToolOutputUniqueItemsNarrowed = Output Narrowed,
            ],
            unmodelled: [Input Changed, Output Changed],
        }
        Pattern = "pattern" {
            subject: "`pattern`",
            note: none,
            rules: [
                ToolInputPatternWidened = Input Widened,
                ToolInputPatternNarrowed = Input Narrowed,
                ToolInputPatternChanged = Input Changed,
                ToolOutputPatternWidened = Output Widened,
                ToolOutputPatternNarrowed = Output Narrowed,
                ToolOutputPatternChanged = Output Changed,
            ],
            unmodelled: [],
        }
        Format = "format" {
            subject: "`format`",
            note: none,
            rules: [
                ToolInputFormatWidened = Input Widened,
                ToolInputFormatNarrowed = Input Narrowed,
                ToolInputFormatChanged = Input Changed,
                ToolOutputFormatWidened = Output Widened,
                ToolOutputFormatNarrowed = Output Narrowed,
                ToolOutputFormatChanged = Output Changed,
            ],
            unmodelled: [],
        }
        AdditionalProperties = "additionalProperties" {
            subject: "`additionalProperties` policy",
            note: none,
            rules: [
                ToolInputAdditionalPropertiesWidened = Input Widened,
                ToolInputAdditionalPropertiesNarrowed = Input Narrowed,
                ToolOutputAdditionalPropertiesWidened = Output Widened,
                ToolOutputAdditionalPropertiesNarrowed = Output Narrowed,
            ],
            unmodelled: [Input Changed, Output Changed],
        }
        Subschema = "subschema" {
            subject: "whole subschema (`true`/`false`)",
            note: "a boolean schema",
            rules: [
                ToolInputSubschemaWidened = Input Widened,
                ToolInputSubschemaNarrowed = Input Narrowed,
                ToolOutputSubschemaWidened = Output Widened,
                ToolOutputSubschemaNarrowed = Output Narrowed,
            ],
            unmodelled: [Input Changed, Output Changed],
        }
        AnyOf = "anyOf" {
            subject: "`anyOf` alternatives",
            note: none,
            rules: [
                ToolInputAnyOfWidened = Input Widened,
                ToolInputAnyOfNarrowed = Input Narrowed,
                ToolOutputAnyOfWidened = Output Widened,
                ToolOutputAnyOfNarrowed = Output Narrowed,
            ],
            unmodelled: [Input Changed, Output Changed],
        }
        OneOf = "oneOf" {
            subject: "`oneOf` alternatives",
            note: "a `oneOf` with provably disjoint branches is compared as `anyOf`",
            rules: [
                ToolInputOneOfWidened = Input Widened,
                ToolInputOneOfNarrowed = Input Narrowed,
                ToolInputOneOfChanged = Input Changed,
                ToolOutputOneOfWidened = Output Widened,
                ToolOutputOneOfNarrowed = Output Narrowed,
                ToolOutputOneOfChanged = Output Changed,
            ],
            unmodelled: [],
        }
        AllOf = "allOf" {
            subject: "`allOf` requirements",
            note: none,
            rules: [
                ToolInputAllOfWidened = Input Widened,
                ToolInputAllOfNarrowed = Input Narrowed,
                ToolOutputAllOfWidened = Output Widened,
                ToolOutputAllOfNarrowed = Output Narrowed,
            ],
            unmodelled: [Input Changed, Output Changed],
        }
        Not = "not" {
            subject: "`not` exclusion",
            note: none,
            rules: [
                ToolInputNotWidened = Input Widened,
                ToolInputNotNarrowed = Input Narrowed,
                ToolOutputNotWidened = Output Widened,
                ToolOutputNotNarrowed = Output Narrowed,
            ],
            unmodelled: [Input Changed, Output Changed],
        }
        PatternProperties = "patternProperties" {
            subject: "`patternProperties`",
            note: none,
            rules: [
                ToolInputPatternPropertiesWidened = Input Widened,
                ToolInputPatternPropertiesNarrowed = Input Narrowed,
                ToolOutputPatternPropertiesWidened = Output Widened,
                ToolOutputPatternPropertiesNarrowed = Output Narrowed,
            ],
            unmodelled: [Input Changed, Output Changed],
        }
        PropertyNames = "propertyNames" {
            subject: "`propertyNames` constraint",
            note: none,
            rules: [
                ToolInputPropertyNamesWidened = Input Widened,
                ToolInputPropertyNamesNarrowed = Input Narrowed,
                ToolOutputPropertyNamesWidened = Output Widened,
                ToolOutputPropertyNamesNarrowed = Output Narrowed,
            ],
            unmodelled: [Input Changed, Output Changed],
        }
        DependentRequired = "dependentRequired" {
            subject: "`dependentRequired` (draft-07 `dependencies`) requirements",
            note: none,
            rules: [
                ToolInputDependentRequiredWidened = Input Widened,
                ToolInputDependentRequiredNarrowed = Input Narrowed,
                ToolOutputDependentRequiredWidened = Output Widened,
                ToolOutputDependentRequiredNarrowed = Output Narrowed,
            ],
            unmodelled: [Input Changed, Output Changed],
        }
        DependentSchemas = "dependentSchemas" {
            subject: "`dependentSchemas` (draft-07 `dependencies`) requirements",
            note: none,
            rules: [
                ToolInputDependentSchemasWidened = Input Widened,
                ToolInputDependentSchemasNarrowed = Input Narrowed,
                ToolOutputDependentSchemasWidened = Output Widened,
                ToolOutputDependentSchemasNarrowed = Output Narrowed,
            ],
            unmodelled: [Input Changed, Output Changed],
        }
        Conditional = "conditional" {
            subject: "`if`/`then`/`else` conditional",
            note: none,
            rules: [
                ToolInputConditionalChanged = Input Changed,
                ToolOutputConditionalChanged = Output Changed,
            ],
            unmodelled: [Input Widened, Input Narrowed, Output Widened, Output Narrowed],
        }
        Ref = "ref" {
            subject: "`$ref` that cannot be expanded",
            note: none,
            rules: [
                ToolInputRefChanged = Input Changed,
                ToolOutputRefChanged = Output Changed,
            ],
            unmodelled: [Input Widened, Input Narrowed, Output Widened, Output Narrowed],
        }
        UnevaluatedProperties = "unevaluatedProperties" {
            subject: "`unevaluatedProperties` policy",
            note: "properties no other keyword evaluated",
            rules: [
                ToolInputUnevaluatedPropertiesWidened = Input Widened,
                ToolInputUnevaluatedPropertiesNarrowed = Input Narrowed,
                ToolInputUnevaluatedPropertiesChanged = Input Changed {
                    summary: "A value in a tool's inputSchema has `unevaluatedProperties` next to a composition (`allOf`/`anyOf`/`oneOf`/`if`/`dependentSchemas`) that changed, so which properties count as evaluated moved.",
                    why: "`unevaluatedProperties` applies to what the neighbouring keywords leave unevaluated, and the engine cannot show that the old and new sets contain one another, so correct callers may be rejected.",
                    advice: "Change the composition and the `unevaluatedProperties` policy in separate releases, or ignore this instance with a reason if they are equivalent.",
                },
                ToolOutputUnevaluatedPropertiesWidened = Output Widened {
                    why: "Consumers of `structuredContent` and strict validators of the old contract may now see values outside it.",
                    advice: "Widen outputs only in a major version, or behind a new tool.",
                },
                ToolOutputUnevaluatedPropertiesNarrowed = Output Narrowed {
                    why: "Every result the server sends stays within the old contract; consumers read the output, so promising less is safe.",
                },
                ToolOutputUnevaluatedPropertiesChanged = Output Changed {
                    summary: "A value in a tool's outputSchema has `unevaluatedProperties` next to a composition (`allOf`/`anyOf`/`oneOf`/`if`/`dependentSchemas`) that changed, so which properties count as evaluated moved.",
                    why: "`unevaluatedProperties` applies to what the neighbouring keywords leave unevaluated, and the engine cannot show that the old and new sets contain one another, so consumers may see values outside the old contract.",
                    advice: "Change the composition and the `unevaluatedProperties` policy in separate releases, or ignore this instance with a reason if they are equivalent.",
                },
            ],
            unmodelled: [],
        }
        UnevaluatedItems = "unevaluatedItems" {
            subject: "`unevaluatedItems` policy",
            note: "items no other keyword evaluated",
            rules: [
                ToolInputUnevaluatedItemsWidened = Input Widened,
                ToolInputUnevaluatedItemsNarrowed = Input Narrowed,
                ToolInputUnevaluatedItemsChanged = Input Changed {
                    summary: "A value in a tool's inputSchema has `unevaluatedItems` next to a composition (`allOf`/`anyOf`/`oneOf`/`if`/`dependentSchemas`) that changed, so which items count as evaluated moved.",
                    why: "`unevaluatedItems` applies to what the neighbouring keywords leave unevaluated, and the engine cannot show that the old and new sets contain one another, so correct callers may be rejected.",
                    advice: "Change the composition and the `unevaluatedItems` policy in separate releases, or ignore this instance with a reason if they are equivalent.",
                },
                ToolOutputUnevaluatedItemsWidened = Output Widened {
                    why: "Consumers of `structuredContent` and strict validators of the old contract may now see values outside it.",
                    advice: "Widen outputs only in a major version, or behind a new tool.",
                },
                ToolOutputUnevaluatedItemsNarrowed = Output Narrowed {
                    why: "Every result the server sends stays within the old contract; consumers read the output, so promising less is safe.",
                },
                ToolOutputUnevaluatedItemsChanged = Output Changed {
                    summary: "A value in a tool's outputSchema has `unevaluatedItems` next to a composition (`allOf`/`anyOf`/`oneOf`/`if`/`dependentSchemas`) that changed, so which items count as evaluated moved.",
                    why: "`unevaluatedItems` applies to what the neighbouring keywords leave unevaluated, and the engine cannot show that the old and new sets contain one another, so consumers may see values outside the old contract.",
                    advice: "Change the composition and the `unevaluatedItems` policy in separate releases, or ignore this instance with a reason if they are equivalent.",
                },
            ],
            unmodelled: [],
        }
    } } };
}
pub(crate) use family_table;
