//! THE list of rules. Each id needs a fixture pair in `tests/fixtures/rules/<id>/{old,new}.json`
//! (the build fails without one).
//!
//! Entries are grouped by the module that emits them, each group between its own markers: add
//! a rule at the end of its group, just above the group's end marker. Severities follow variance: an input schema is written by the caller (narrowing it
//! breaks callers), an output schema is read by the caller (widening it breaks consumers).

use super::declare_rules;

/// Retired ids that still resolve (ids are API). `(alias, current rule)`.
pub static ALIASES: &[(&str, RuleId)] = &[];

declare_rules! {
    // ---- tools: existence and tool-level fields (src/diff/tools.rs) ----
    ToolAdded = "tool.added" {
        severity: NonBreaking,
        summary: "A tool was added.",
        why: "Existing callers are unaffected; the model sees one more tool to choose from.",
        advice: "Nothing to do; describe the new tool well so models pick it for the right tasks.",
        message: "tool `{name}` was added",
    }
    ToolDescriptionChanged = "tool.description.changed" {
        severity: PotentiallyBreaking,
        decider: Prose,
        summary: "A tool's description changed.",
        why: "The description is the model's main guide to when and how to call the tool; a reworded description changes which tool a model picks and what arguments it builds.",
        advice: "Review the new text as you would a behaviour change; keep typo fixes separate from meaning changes.",
        message: "tool `{name}`: description changed ({detail})",
    }
    ToolFieldChanged = "tool.field.changed" {
        severity: PotentiallyBreaking,
        summary: "A tool-level field that the engine does not model in detail changed.",
        why: "Fields such as `annotations`, `_meta`, `icons` and `execution` are read by hosts and clients; a change the engine cannot classify is reported rather than dropped.",
        advice: "Check what reads the field (host approval policy, UI, task support) and whether it still behaves as before.",
        message: "tool `{name}`: field `{subject}` changed from {old} to {new}",
    }
    ToolRemoved = "tool.removed" {
        severity: Breaking,
        summary: "A tool was removed.",
        why: "Every caller, agent prompt and allow-list that names the tool fails with an unknown-tool error.",
        advice: "Keep the tool and deprecate it in its description for at least one release.",
        message: "tool `{name}` was removed",
    }
    ToolTitleChanged = "tool.title.changed" {
        severity: PotentiallyBreaking,
        decider: Prose,
        summary: "A tool's display title changed.",
        why: "Hosts show the title in tool pickers and approval dialogs, and some pass it to the model; users and models recognise the tool by it.",
        advice: "Keep titles stable; fix typos freely.",
        message: "tool `{name}`: title changed ({detail})",
    }
    // ---- tools: end ----

    // ---- schema: inputSchema / outputSchema keywords (src/schema) ----
    ToolInputKeywordUnmodelled = "tool.input.keyword.unmodelled" {
        severity: Breaking,
        summary: "A JSON Schema keyword the engine does not model changed in a tool's inputSchema.",
        why: "The engine cannot tell whether the change rejects arguments that correct callers send today, so it assumes it does (unmodelled means breaking).",
        advice: "Confirm by hand that existing arguments still validate; if so, ignore this instance in the config with a reason.",
        message: "tool `{name}`: input keyword `{subject}` changed from {old} to {new} (not modelled: review by hand)",
    }
    ToolInputPropertyAdded = "tool.input.property.added" {
        severity: NonBreaking,
        summary: "A tool's inputSchema gained a property.",
        why: "Callers that do not send the new property are unaffected unless it is also required (reported separately).",
        advice: "Nothing to do; document the property so models use it.",
        message: "tool `{name}`: input property `{subject}` was added",
    }
    ToolInputPropertyRemoved = "tool.input.property.removed" {
        severity: Breaking,
        summary: "A tool's inputSchema lost a property.",
        why: "Callers that still send the property are rejected when additional properties are forbidden, or have the argument silently ignored otherwise.",
        advice: "Keep accepting the property for a release and mark it deprecated in its description before removing it.",
        message: "tool `{name}`: input property `{subject}` was removed",
    }
    ToolInputRequiredAdded = "tool.input.required.added" {
        severity: Breaking,
        summary: "A tool input property became required.",
        why: "Existing calls that omit the property now fail validation.",
        advice: "Make the property optional with a server-side default instead.",
        message: "tool `{name}`: input property `{subject}` is now required",
    }
    ToolInputRequiredRemoved = "tool.input.required.removed" {
        severity: NonBreaking,
        summary: "A tool input property is no longer required.",
        why: "Every call that was valid before still is; callers may now omit the property.",
        advice: "Nothing to do; say in the description what happens when it is omitted.",
        message: "tool `{name}`: input property `{subject}` is no longer required",
    }
    ToolInputTypeChanged = "tool.input.type.changed" {
        severity: Breaking,
        summary: "An input value's JSON type changed to one that neither contains nor is contained by the old one.",
        why: "Callers that send the old type are rejected.",
        advice: "Accept both types (a type array) for a release, then narrow.",
        message: "tool `{name}`: input `{subject}` type changed from {old} to {new}",
    }
    ToolInputTypeNarrowed = "tool.input.type.narrowed" {
        severity: Breaking,
        summary: "An input value accepts fewer JSON types than before.",
        why: "Callers that send a type that is no longer accepted are rejected (integer is a subset of number, so number → integer narrows).",
        advice: "Keep accepting the old types, or convert them on the server.",
        message: "tool `{name}`: input `{subject}` type narrowed from {old} to {new}",
    }
    ToolInputTypeWidened = "tool.input.type.widened" {
        severity: NonBreaking,
        summary: "An input value accepts more JSON types than before.",
        why: "Every argument that was valid stays valid; the input side is written by the caller, so widening it is safe.",
        advice: "Nothing to do.",
        message: "tool `{name}`: input `{subject}` type widened from {old} to {new}",
    }
    ToolOutputKeywordUnmodelled = "tool.output.keyword.unmodelled" {
        severity: Breaking,
        summary: "A JSON Schema keyword the engine does not model changed in a tool's outputSchema.",
        why: "The engine cannot tell whether consumers of `structuredContent` will now see values outside the old contract, so it assumes they will (unmodelled means breaking).",
        advice: "Confirm by hand that every result the new schema allows was allowed before; if so, ignore this instance in the config with a reason.",
        message: "tool `{name}`: output keyword `{subject}` changed from {old} to {new} (not modelled: review by hand)",
    }
    ToolOutputPropertyAdded = "tool.output.property.added" {
        severity: NonBreaking,
        summary: "A tool's outputSchema gained a property.",
        why: "Consumers of `structuredContent` see an extra field they can ignore.",
        advice: "Nothing to do.",
        message: "tool `{name}`: output property `{subject}` was added",
    }
    ToolOutputPropertyRemoved = "tool.output.property.removed" {
        severity: Breaking,
        summary: "A tool's outputSchema lost a property.",
        why: "Consumers that read the field from `structuredContent` no longer find it described, and the server may stop sending it.",
        advice: "Keep returning the field for a release and mark it deprecated first.",
        message: "tool `{name}`: output property `{subject}` was removed",
    }
    ToolOutputRequiredAdded = "tool.output.required.added" {
        severity: NonBreaking,
        summary: "A tool output property became required (always present).",
        why: "Consumers get a stronger guarantee; results they handled before are still handled.",
        advice: "Nothing to do.",
        message: "tool `{name}`: output property `{subject}` is now always present",
    }
    ToolOutputRequiredRemoved = "tool.output.required.removed" {
        severity: Breaking,
        summary: "A tool output property is no longer guaranteed to be present.",
        why: "Consumers that read the field unconditionally now meet results without it.",
        advice: "Keep the field required, or release the change as a major version.",
        message: "tool `{name}`: output property `{subject}` may now be absent",
    }
    ToolOutputSchemaAdded = "tool.output.schema.added" {
        severity: PotentiallyBreaking,
        summary: "A tool gained an outputSchema.",
        why: "Clients start validating `structuredContent` against it and reject results without structured content; SDK clients throw when a result does not conform.",
        advice: "Make sure every result, including error paths, returns conforming `structuredContent`.",
        message: "tool `{name}`: an outputSchema was added",
    }
    ToolOutputSchemaRemoved = "tool.output.schema.removed" {
        severity: Breaking,
        summary: "A tool lost its outputSchema.",
        why: "Consumers that relied on typed `structuredContent` lose the contract, and the server may stop returning structured results.",
        advice: "Keep the outputSchema; widen it deliberately instead of dropping it.",
        message: "tool `{name}`: the outputSchema was removed",
    }
    ToolOutputTypeChanged = "tool.output.type.changed" {
        severity: Breaking,
        summary: "An output value's JSON type changed to one that neither contains nor is contained by the old one.",
        why: "Consumers that parse the old type meet values of a type they do not handle.",
        advice: "Return a new field with the new type and keep the old one for a release.",
        message: "tool `{name}`: output `{subject}` type changed from {old} to {new}",
    }
    ToolOutputTypeNarrowed = "tool.output.type.narrowed" {
        severity: NonBreaking,
        summary: "An output value has fewer possible JSON types than before.",
        why: "Consumers handled every old type, so they handle the remaining ones.",
        advice: "Nothing to do.",
        message: "tool `{name}`: output `{subject}` type narrowed from {old} to {new}",
    }
    ToolOutputTypeWidened = "tool.output.type.widened" {
        severity: Breaking,
        summary: "An output value may have more JSON types than before.",
        why: "The output side is read by the caller: consumers that expect the old types (for example a string that may now be null) break on the new ones.",
        advice: "Keep the output type as it was, or add a new field with the wider type.",
        message: "tool `{name}`: output `{subject}` type widened from {old} to {new}",
    }
    // ---- schema: end ----

    // ---- MCP surface: resources, templates, prompts, server, annotations, names (src/diff) ----
    // ---- MCP surface: end ----
}
