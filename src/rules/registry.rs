//! THE list of rules, except the schema keyword families' rules (`tool.<side>.<family>.<effect>`,
//! such as `tool.input.range.narrowed`), which the family table in `families.rs` declares. Each
//! id needs a fixture pair in `tests/fixtures/rules/<id>/{old,new}.json` (the build fails
//! without one).
//!
//! Entries are grouped by the module that emits them, each group between its own markers: add
//! a rule at the end of its group, just above the group's end marker. Severities follow
//! variance: an input schema is written by the caller (narrowing it breaks callers), an output
//! schema is read by the caller (widening it breaks consumers).

use super::declare_rules;

/// Retired ids that still resolve (ids are API). `(alias, current rule)`.
pub static ALIASES: &[(&str, RuleId)] = &[];

declare_rules! {
    // ---- tools: existence and tool-level fields (src/detect/tools.rs) ----
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
        group: "tool descriptions changed",
        summary: "A tool's description changed.",
        why: "The description is the model's main guide to when and how to call the tool; a reworded description changes which tool a model picks and what arguments it builds.",
        advice: "Review the new text as you would a behaviour change; keep typo fixes separate from meaning changes.",
        message: "tool `{name}`: description changed ({detail})",
    }
    ToolFieldChanged = "tool.field.changed" {
        severity: NonBreaking,
        group: "unmodelled tool fields changed",
        summary: "A tool-level field that no rule models changed (a field outside the MCP schema, or an unknown `execution` key).",
        why: "Annotations, icons, `_meta`, `execution` and the schemas have their own rules; other fields are extensions that standard clients ignore (for example mcp-go's `defer_loading`), so the change is reported, never dropped, but not as breaking.",
        advice: "Check whether a client you target reads the field.",
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
        group: "tool titles changed",
        summary: "A tool's display title changed.",
        why: "Hosts show the title in tool pickers and approval dialogs, and some pass it to the model; users and models recognise the tool by it.",
        advice: "Keep titles stable; fix typos freely.",
        message: "tool `{name}`: title changed ({detail})",
    }
    ToolAnnotationsChanged = "tool.annotations.changed" {
        severity: NonBreaking,
        group: "unmodelled tool annotations changed",
        summary: "A tool annotation the engine does not model changed, or a hint is not a boolean.",
        why: "Hosts read only the four boolean hints and the title; other annotation keys are extension data, and a non-boolean hint reads as its spec default.",
        advice: "Nothing to do unless a host you target reads the key; keep hints boolean.",
        message: "tool `{name}`: `{subject}` changed from {old} to {new}",
    }
    ToolAnnotationsSafetyStrengthened = "tool.annotations.safetyStrengthened" {
        severity: PotentiallyBreaking,
        group: "tools whose hints now promise more safety",
        summary: "A tool's effective behaviour hints now promise more safety (read-only, additive, idempotent or closed-world).",
        why: "Hosts auto-approve read-only tools, skip destructive-action warnings and retry idempotent calls on these hints; a promise the tool does not keep lets a host run it without asking.",
        advice: "Make sure the tool really behaves as the new hint says before releasing it.",
        message: "tool `{name}`: annotations now promise more safety: {detail}",
    }
    ToolAnnotationsSafetyWeakened = "tool.annotations.safetyWeakened" {
        severity: PotentiallyBreaking,
        group: "tools whose hints now promise less safety",
        summary: "A tool's effective behaviour hints now promise less safety (may write, destructive, not idempotent or open-world).",
        why: "Hosts that auto-approved or silently retried the tool now ask for confirmation or stop retrying, and agents that relied on the old hint change behaviour.",
        advice: "Say in the release notes why the tool became less safe; consider a new tool for the writing behaviour.",
        message: "tool `{name}`: annotations now promise less safety: {detail}",
    }
    ToolAnnotationsTitleChanged = "tool.annotations.title.changed" {
        severity: PotentiallyBreaking,
        decider: Prose,
        group: "tool display titles (annotations.title) changed",
        summary: "A tool's display name changed through `annotations.title` (there is no `title` field).",
        why: "Hosts show `annotations.title` in tool pickers and approval dialogs when the tool has no `title`; users recognise the tool by it.",
        advice: "Keep display names stable; fix typos freely.",
        message: "tool `{name}`: display title (annotations.title) changed ({detail})",
    }
    ToolExecutionTaskSupportChanged = "tool.execution.taskSupport.changed" {
        severity: Breaking,
        group: "tool task support values changed",
        summary: "A tool's `execution.taskSupport` switched between `forbidden` and `required`, or took a value the engine does not know.",
        why: "Plain `tools/call` requests are refused by a `required` tool, and task-augmented ones by a `forbidden` tool; every caller of one style breaks.",
        advice: "Go through `optional` for a release so both call styles keep working.",
        message: "tool `{name}`: task support changed from {old} to {new}",
    }
    ToolExecutionTaskSupportNarrowed = "tool.execution.taskSupport.narrowed" {
        severity: Breaking,
        group: "tool task supports narrowed",
        summary: "A tool's `execution.taskSupport` went from `optional` to `forbidden` or `required`.",
        why: "One of the two call styles that worked before (task-augmented or plain) is now refused.",
        advice: "Keep `optional` unless every client already uses the remaining style.",
        message: "tool `{name}`: task support narrowed from {old} to {new}",
    }
    ToolExecutionTaskSupportWidened = "tool.execution.taskSupport.widened" {
        severity: NonBreaking,
        group: "tool task supports widened",
        summary: "A tool's `execution.taskSupport` became `optional`.",
        why: "Every call style accepted before is still accepted; clients may now also use the other one.",
        advice: "Nothing to do.",
        message: "tool `{name}`: task support widened from {old} to {new}",
    }
    ToolIconsChanged = "tool.icons.changed" {
        severity: NonBreaking,
        group: "tool icons changed",
        summary: "A tool's icons changed.",
        why: "Only host UIs render icons; no call or model behaviour depends on them.",
        advice: "Nothing to do; prefer https or data URIs from your own origin.",
        message: "tool `{name}`: icons changed from {old} to {new}",
    }
    ToolInputMcpHeaderAdded = "tool.input.mcpHeader.added" {
        severity: Breaking,
        group: "input properties now sent as HTTP headers",
        summary: "An input property gained an `x-mcp-header` (2026-07-28): HTTP clients now mirror it into an `Mcp-Param-*` header.",
        why: "Streamable-HTTP clients must send the header and servers reject requests whose header does not match the argument; clients on a cached tool list fail with HEADER_MISMATCH, and clients that judge the declaration invalid drop the tool.",
        advice: "Add headers together with a protocol-version bump, and never on sensitive arguments (intermediaries see headers).",
        message: "tool `{name}`: input property `{subject}` now maps to HTTP header {new}",
    }
    ToolInputMcpHeaderChanged = "tool.input.mcpHeader.changed" {
        severity: Breaking,
        group: "input HTTP header names changed",
        summary: "An input property's `x-mcp-header` name changed.",
        why: "HTTP clients send the argument under the old header name and the server now expects the new one; gateways and caches that route on the header break too.",
        advice: "Keep header names stable; they are part of the HTTP contract.",
        message: "tool `{name}`: input property `{subject}` HTTP header changed from {old} to {new}",
    }
    ToolInputMcpHeaderRemoved = "tool.input.mcpHeader.removed" {
        severity: Breaking,
        group: "input properties no longer sent as HTTP headers",
        summary: "An input property lost its `x-mcp-header`.",
        why: "Gateways, caches and WAF rules that route or filter on the `Mcp-Param-*` header no longer receive it, and clients on a cached tool list still send it.",
        advice: "Keep the header for a release and announce its removal.",
        message: "tool `{name}`: input property `{subject}` no longer maps to HTTP header {old}",
    }
    ToolMetaChanged = "tool.meta.changed" {
        severity: NonBreaking,
        group: "tool `_meta` keys changed",
        summary: "A key of a tool's `_meta` changed.",
        why: "`_meta` carries extension data (Apps SDK templates, framework tags) read by specific clients; keys the engine knows to change behaviour have their own rules.",
        advice: "Check the extension that reads the key, if you target one.",
        message: "tool `{name}`: `{subject}` changed from {old} to {new}",
    }
    ToolMetaVisibilityNarrowed = "tool.meta.visibility.narrowed" {
        severity: Breaking,
        group: "tool visibilities narrowed",
        summary: "A tool's `_meta.ui.visibility` (MCP Apps) no longer includes an audience it had (`model` or `app`).",
        why: "Without `model` the host hides the tool from the model, which can no longer call it (a removal as far as agents are concerned); without `app` embedded UIs can no longer call it.",
        advice: "Keep the audience, or ship the hidden variant as a new tool.",
        message: "tool `{name}`: {detail} (ui.visibility {old} → {new})",
    }
    ToolMetaVisibilityWidened = "tool.meta.visibility.widened" {
        severity: NonBreaking,
        group: "tool visibilities widened",
        summary: "A tool's `_meta.ui.visibility` (MCP Apps) gained an audience.",
        why: "Callers that saw the tool still see it; the model or app UI can now call it as well.",
        advice: "Describe the tool well if the model can now see it.",
        message: "tool `{name}`: {detail} (ui.visibility {old} → {new})",
    }
    ToolNameCaseCollision = "tool.name.caseCollision" {
        severity: PotentiallyBreaking,
        group: "added tools whose names differ from another only by case",
        summary: "An added tool's name differs from another tool's only by letter case.",
        why: "Hosts that fold case or prefix names (and models that retype them) can no longer tell the tools apart; some hosts refuse to load the server.",
        advice: "Choose names that differ by more than case.",
        message: "tool `{name}`: name differs only by case from {detail}",
    }
    ToolNameHostIncompatible = "tool.name.hostIncompatible" {
        severity: PotentiallyBreaking,
        group: "added tools with names some hosts reject",
        summary: "An added tool's name is one that common hosts reject: characters outside `[A-Za-z0-9_-]`, or longer than 64 characters.",
        why: "The spec allows dots and up to 128 characters, but Claude Desktop (`^[a-zA-Z0-9_-]{1,64}$`) and the model APIs reject such names, and some hosts then fail to load the whole server.",
        advice: "Use only letters, digits, `_` and `-`, and at most 64 characters.",
        message: "tool `{name}`: name {detail}",
    }
    ToolInputSchemaAdded = "tool.input.schema.added" {
        severity: NonBreaking,
        group: "input schemas added",
        summary: "A tool that had no inputSchema (absent or null) now has one.",
        why: "The spec requires an inputSchema; strict clients that rejected or dropped the tool can now list it. Its constraints are compared against an accept-anything schema and reported separately; a root `type: \"object\"` is not one, since a call's arguments are always an object.",
        advice: "Nothing to do.",
        message: "tool `{name}`: an inputSchema was added where there was none",
    }
    ToolInputSchemaRemoved = "tool.input.schema.removed" {
        severity: Breaking,
        group: "input schemas removed",
        summary: "A tool's inputSchema became absent or null.",
        why: "The spec requires an object inputSchema; the TypeScript SDK and other strict clients reject the whole tools/list result or drop the tool, so callers can no longer reach it.",
        advice: "Always send an inputSchema; for a tool without arguments send `{\"type\": \"object\", \"additionalProperties\": false}`.",
        message: "tool `{name}`: the inputSchema is now {new}",
    }
    // ---- tools: end ----

    // ---- schema: inputSchema / outputSchema keywords (src/schema) ----
    // (The keyword families' rules, widened/narrowed/changed, are in the family table, families.rs.)
    ToolInputKeywordUnmodelled = "tool.input.keyword.unmodelled" {
        severity: Breaking,
        group: "unmodelled input schema keywords changed",
        summary: "A JSON Schema keyword the engine does not model changed in a tool's inputSchema.",
        why: "The engine cannot tell whether the change rejects arguments that correct callers send today, so it assumes it does (unmodelled means breaking).",
        advice: "Confirm by hand that existing arguments still validate; if so, ignore this instance in the config with a reason.",
        message: "tool `{name}`: input keyword `{subject}` changed from {old} to {new} (not modelled: review by hand)",
    }
    ToolInputPropertyAdded = "tool.input.property.added" {
        severity: NonBreaking,
        group: "input properties added",
        summary: "A tool's inputSchema gained a property.",
        why: "Callers that do not send the new property are unaffected. A property added as required is one change, reported as `tool.input.required.added`.",
        advice: "Nothing to do; document the property so models use it.",
        message: "tool `{name}`: input property `{subject}` was added{detail}",
    }
    ToolInputPropertyRemoved = "tool.input.property.removed" {
        severity: PotentiallyBreaking,
        group: "input properties removed",
        summary: "A tool's inputSchema lost a property of an object that still accepts keys it does not name.",
        why: "Calls that still send the property are accepted and the argument is silently ignored: no error, but the caller no longer gets what it asked for. Removed from an object that refuses unnamed keys, it is `tool.input.property.removedFromClosed` (BREAKING).",
        advice: "Keep accepting the property for a release and mark it deprecated in its description before removing it.",
        message: "tool `{name}`: input property `{subject}` was removed (calls that send it are still accepted; it is ignored){detail}",
    }
    ToolInputPropertyRemovedFromClosed = "tool.input.property.removedFromClosed" {
        severity: Breaking,
        group: "input properties removed from closed objects",
        summary: "A tool's inputSchema lost a property of an object that refuses keys it does not name (`additionalProperties: false`, or a catch-all that some of the old property's values do not fit).",
        why: "Callers that still send the property are now rejected by validation.",
        advice: "Keep accepting the property for a release and mark it deprecated in its description before removing it.",
        message: "tool `{name}`: input property `{subject}` was removed and is now refused{detail}",
    }
    ToolInputRequiredAdded = "tool.input.required.added" {
        severity: Breaking,
        group: "input properties now required",
        summary: "A tool input property became required, or a required property was added.",
        why: "Existing calls that omit the property now fail validation.",
        advice: "Make the property optional with a server-side default instead.",
        message: "tool `{name}`: input property `{subject}` is now required{detail}",
    }
    ToolInputRequiredRemoved = "tool.input.required.removed" {
        severity: NonBreaking,
        group: "input properties no longer required",
        summary: "A tool input property is no longer required.",
        why: "Every call that was valid before still is; callers may now omit the property.",
        advice: "Nothing to do; say in the description what happens when it is omitted.",
        message: "tool `{name}`: input property `{subject}` is no longer required{detail}",
    }
    ToolOutputKeywordUnmodelled = "tool.output.keyword.unmodelled" {
        severity: Breaking,
        group: "unmodelled output schema keywords changed",
        summary: "A JSON Schema keyword the engine does not model changed in a tool's outputSchema.",
        why: "The engine cannot tell whether consumers of `structuredContent` will now see values outside the old contract, so it assumes they will (unmodelled means breaking).",
        advice: "Confirm by hand that every result the new schema allows was allowed before; if so, ignore this instance in the config with a reason.",
        message: "tool `{name}`: output keyword `{subject}` changed from {old} to {new} (not modelled: review by hand)",
    }
    ToolOutputPropertyAdded = "tool.output.property.added" {
        severity: NonBreaking,
        group: "output properties added",
        summary: "A tool's outputSchema gained a property.",
        why: "Consumers of `structuredContent` see an extra field they can ignore.",
        advice: "Nothing to do.",
        message: "tool `{name}`: output property `{subject}` was added{detail}",
    }
    ToolOutputPropertyRemoved = "tool.output.property.removed" {
        severity: Breaking,
        group: "output properties removed",
        summary: "A tool's outputSchema lost a property.",
        why: "Consumers that read the field from `structuredContent` no longer find it described, and the server may stop sending it.",
        advice: "Keep returning the field for a release and mark it deprecated first.",
        message: "tool `{name}`: output property `{subject}` was removed{detail}",
    }
    ToolOutputRequiredAdded = "tool.output.required.added" {
        severity: NonBreaking,
        group: "output properties now required",
        summary: "A tool output property became required (always present).",
        why: "Consumers get a stronger guarantee; results they handled before are still handled.",
        advice: "Nothing to do.",
        message: "tool `{name}`: output property `{subject}` is now always present{detail}",
    }
    ToolOutputRequiredRemoved = "tool.output.required.removed" {
        severity: Breaking,
        group: "output properties no longer required",
        summary: "A tool output property is no longer guaranteed to be present.",
        why: "Consumers that read the field unconditionally now meet results without it.",
        advice: "Keep the field required, or release the change as a major version.",
        message: "tool `{name}`: output property `{subject}` may now be absent{detail}",
    }
    ToolOutputSchemaAdded = "tool.output.schema.added" {
        severity: PotentiallyBreaking,
        group: "output schemas added",
        summary: "A tool gained an outputSchema.",
        why: "Clients start validating `structuredContent` against it and reject results without structured content; SDK clients throw when a result does not conform.",
        advice: "Make sure every result, including error paths, returns conforming `structuredContent`.",
        message: "tool `{name}`: an outputSchema was added",
    }
    ToolOutputSchemaRemoved = "tool.output.schema.removed" {
        severity: Breaking,
        group: "output schemas removed",
        summary: "A tool lost its outputSchema.",
        why: "Consumers that relied on typed `structuredContent` lose the contract, and the server may stop returning structured results.",
        advice: "Keep the outputSchema; widen it deliberately instead of dropping it.",
        message: "tool `{name}`: the outputSchema was removed",
    }
    ToolInputPatternGeneratorChurn = "tool.input.pattern.generatorChurn" {
        severity: PotentiallyBreaking,
        group: "input patterns changed beside an unchanged `format`",
        summary: "A `pattern` changed in a tool's inputSchema next to an unchanged `format`.",
        why: "Schema generators (zod 4's email and date-time regexes) rewrite such patterns between versions; strictly the accepted strings may differ, but the `format` states the intent, which is unchanged.",
        advice: "Check that the values you send or expect still match the new regex.",
        message: "tool `{name}`: input `{subject}` pattern changed from {old} to {new} next to an unchanged format{detail}",
    }
    ToolInputDepthExceeded = "tool.input.depth.exceeded" {
        severity: Breaking,
        group: "input schemas changed deeper than the engine analyses",
        summary: "A tool's inputSchema nests deeper than the engine analyses, and the deep part changed.",
        why: "The engine stops at a fixed depth to stay fast and safe on hostile input; it cannot tell what the change does (unmodelled means breaking).",
        advice: "Flatten the schema (use `$defs`), or review the change by hand and ignore it with a reason.",
        message: "tool `{name}`: input `{subject}` nests too deep to analyse and changed{detail}",
    }
    ToolInputDefaultChanged = "tool.input.default.changed" {
        severity: PotentiallyBreaking,
        group: "input defaults changed",
        summary: "A `default` in a tool's inputSchema was added, removed or changed.",
        why: "Defaults do not change validation, but servers and the Go SDK apply them to omitted arguments and models read them: a changed default changes behaviour for callers that omit the value.",
        advice: "Treat it as a behaviour change: announce it, or keep the old default.",
        message: "tool `{name}`: input `{subject}` default changed from {old} to {new}{detail}",
    }
    ToolInputExamplesChanged = "tool.input.examples.changed" {
        severity: NonBreaking,
        group: "input examples changed",
        summary: "The `examples` of a value in a tool's inputSchema changed.",
        why: "Examples are annotations: they never change validation, though models may imitate them.",
        advice: "Nothing to do; keep examples valid against the schema.",
        message: "tool `{name}`: input `{subject}` examples changed from {old} to {new}{detail}",
    }
    ToolInputDeprecatedAdded = "tool.input.deprecated.added" {
        severity: PotentiallyBreaking,
        group: "input values deprecated",
        summary: "A value in a tool's inputSchema was marked deprecated.",
        why: "Deprecation announces a removal: callers and models may stop using the value, and a later release may drop it.",
        advice: "Plan the migration away from the deprecated value.",
        message: "tool `{name}`: input `{subject}` is now deprecated{detail}",
    }
    ToolInputDeprecatedRemoved = "tool.input.deprecated.removed" {
        severity: NonBreaking,
        group: "input values no longer deprecated",
        summary: "A value in a tool's inputSchema is no longer marked deprecated.",
        why: "Nothing that worked stops working.",
        advice: "Nothing to do.",
        message: "tool `{name}`: input `{subject}` is no longer deprecated{detail}",
    }
    ToolInputReadOnlyChanged = "tool.input.readOnly.changed" {
        severity: PotentiallyBreaking,
        group: "input `readOnly` flags changed",
        summary: "The `readOnly` flag of a value in a tool's inputSchema changed.",
        why: "Clients built from OpenAPI-style schemas stop sending read-only values, and servers may ignore or reject them.",
        advice: "Check that callers still send (or no longer send) the value as intended.",
        message: "tool `{name}`: input `{subject}` readOnly changed from {old} to {new}{detail}",
    }
    ToolInputWriteOnlyChanged = "tool.input.writeOnly.changed" {
        severity: PotentiallyBreaking,
        group: "input `writeOnly` flags changed",
        summary: "The `writeOnly` flag of a value in a tool's inputSchema changed.",
        why: "A write-only value is not returned when read, so consumers that expected it may no longer see it.",
        advice: "Check what consumers read back.",
        message: "tool `{name}`: input `{subject}` writeOnly changed from {old} to {new}{detail}",
    }
    ToolInputCommentChanged = "tool.input.comment.changed" {
        severity: Documentation,
        group: "input `$comment`s changed",
        summary: "A `$comment` in a tool's inputSchema changed.",
        why: "`$comment` is for schema maintainers; validators and models ignore it.",
        advice: "Nothing to do.",
        message: "tool `{name}`: input `{subject}` $comment changed from {old} to {new}{detail}",
    }
    ToolInputUnreferencedDefinitionChanged = "tool.input.unreferencedDefinition.changed" {
        severity: NonBreaking,
        group: "unreferenced input definitions changed",
        summary: "A definition (`$defs` or `definitions` entry) of a tool's inputSchema that no `$ref` reaches was added, removed or changed.",
        why: "Nothing in the schema validates against it, so no argument is accepted or rejected differently; it is reported because a model reading the schema still sees it, and no schema change is silent.",
        advice: "Nothing to do, unless a `$ref` was meant to use it: then the reference is missing.",
        message: "tool `{name}`: input definition `{subject}`, which no $ref reaches, changed from {old} to {new}{detail}",
    }
    ToolInputContentChanged = "tool.input.content.changed" {
        severity: PotentiallyBreaking,
        group: "input content annotations changed",
        summary: "The content annotations (`contentEncoding`, `contentMediaType`, `contentSchema`) of a string in a tool's inputSchema changed.",
        why: "Validators do not assert them, but senders and readers encode and decode the string by them.",
        advice: "Check that both ends still encode and decode the value the same way.",
        message: "tool `{name}`: input `{subject}` content annotation changed from {old} to {new}{detail}",
    }
    ToolInputDialectChanged = "tool.input.dialect.changed" {
        severity: PotentiallyBreaking,
        group: "input schema dialects changed",
        summary: "The JSON Schema dialect (`$schema`) of a tool's inputSchema changed.",
        why: "The dialect is visible to clients: strict validators reject dialects they do not support (draft-07 in 2020-12-only clients and the reverse), and some keywords change meaning between dialects.",
        advice: "Keep the dialect your clients support; prefer 2020-12, the MCP default.",
        message: "tool `{name}`: input `{subject}` dialect changed from {old} to {new}{detail}",
    }
    ToolInputPropertyDescriptionChanged = "tool.input.property.description.changed" {
        severity: PotentiallyBreaking,
        decider: Prose,
        group: "input property descriptions changed",
        summary: "The description of a value in a tool's inputSchema changed.",
        why: "Per-argument and per-field descriptions are the model's main guide to what to send and how to read results; reworded guidance changes model behaviour.",
        advice: "Review the new text as you would a behaviour change; keep typo fixes separate from meaning changes.",
        message: "tool `{name}`: input `{subject}` description changed ({detail})",
    }
    ToolInputPropertyTitleChanged = "tool.input.property.title.changed" {
        severity: PotentiallyBreaking,
        decider: Prose,
        group: "input property titles changed",
        summary: "The title of a value in a tool's inputSchema changed.",
        why: "Titles label fields in forms and are shown to models; generators add or prune them (pydantic, FastMCP).",
        advice: "Nothing to do unless the label is used to pick the field.",
        message: "tool `{name}`: input `{subject}` title changed ({detail})",
    }
    ToolOutputPatternGeneratorChurn = "tool.output.pattern.generatorChurn" {
        severity: PotentiallyBreaking,
        group: "output patterns changed beside an unchanged `format`",
        summary: "A `pattern` changed in a tool's outputSchema next to an unchanged `format`.",
        why: "Schema generators (zod 4's email and date-time regexes) rewrite such patterns between versions; strictly the accepted strings may differ, but the `format` states the intent, which is unchanged.",
        advice: "Check that the values you send or expect still match the new regex.",
        message: "tool `{name}`: output `{subject}` pattern changed from {old} to {new} next to an unchanged format{detail}",
    }
    ToolOutputDepthExceeded = "tool.output.depth.exceeded" {
        severity: Breaking,
        group: "output schemas changed deeper than the engine analyses",
        summary: "A tool's outputSchema nests deeper than the engine analyses, and the deep part changed.",
        why: "The engine stops at a fixed depth to stay fast and safe on hostile input; it cannot tell what the change does (unmodelled means breaking).",
        advice: "Flatten the schema (use `$defs`), or review the change by hand and ignore it with a reason.",
        message: "tool `{name}`: output `{subject}` nests too deep to analyse and changed{detail}",
    }
    ToolOutputDefaultChanged = "tool.output.default.changed" {
        severity: PotentiallyBreaking,
        group: "output defaults changed",
        summary: "A `default` in a tool's outputSchema was added, removed or changed.",
        why: "Defaults do not change validation, but servers and the Go SDK apply them to omitted arguments and models read them: a changed default changes behaviour for callers that omit the value.",
        advice: "Treat it as a behaviour change: announce it, or keep the old default.",
        message: "tool `{name}`: output `{subject}` default changed from {old} to {new}{detail}",
    }
    ToolOutputExamplesChanged = "tool.output.examples.changed" {
        severity: NonBreaking,
        group: "output examples changed",
        summary: "The `examples` of a value in a tool's outputSchema changed.",
        why: "Examples are annotations: they never change validation, though models may imitate them.",
        advice: "Nothing to do; keep examples valid against the schema.",
        message: "tool `{name}`: output `{subject}` examples changed from {old} to {new}{detail}",
    }
    ToolOutputDeprecatedAdded = "tool.output.deprecated.added" {
        severity: PotentiallyBreaking,
        group: "output values deprecated",
        summary: "A value in a tool's outputSchema was marked deprecated.",
        why: "Deprecation announces a removal: callers and models may stop using the value, and a later release may drop it.",
        advice: "Plan the migration away from the deprecated value.",
        message: "tool `{name}`: output `{subject}` is now deprecated{detail}",
    }
    ToolOutputDeprecatedRemoved = "tool.output.deprecated.removed" {
        severity: NonBreaking,
        group: "output values no longer deprecated",
        summary: "A value in a tool's outputSchema is no longer marked deprecated.",
        why: "Nothing that worked stops working.",
        advice: "Nothing to do.",
        message: "tool `{name}`: output `{subject}` is no longer deprecated{detail}",
    }
    ToolOutputReadOnlyChanged = "tool.output.readOnly.changed" {
        severity: PotentiallyBreaking,
        group: "output `readOnly` flags changed",
        summary: "The `readOnly` flag of a value in a tool's outputSchema changed.",
        why: "Clients built from OpenAPI-style schemas stop sending read-only values, and servers may ignore or reject them.",
        advice: "Check that callers still send (or no longer send) the value as intended.",
        message: "tool `{name}`: output `{subject}` readOnly changed from {old} to {new}{detail}",
    }
    ToolOutputWriteOnlyChanged = "tool.output.writeOnly.changed" {
        severity: PotentiallyBreaking,
        group: "output `writeOnly` flags changed",
        summary: "The `writeOnly` flag of a value in a tool's outputSchema changed.",
        why: "A write-only value is not returned when read, so consumers that expected it may no longer see it.",
        advice: "Check what consumers read back.",
        message: "tool `{name}`: output `{subject}` writeOnly changed from {old} to {new}{detail}",
    }
    ToolOutputCommentChanged = "tool.output.comment.changed" {
        severity: Documentation,
        group: "output `$comment`s changed",
        summary: "A `$comment` in a tool's outputSchema changed.",
        why: "`$comment` is for schema maintainers; validators and models ignore it.",
        advice: "Nothing to do.",
        message: "tool `{name}`: output `{subject}` $comment changed from {old} to {new}{detail}",
    }
    ToolOutputUnreferencedDefinitionChanged = "tool.output.unreferencedDefinition.changed" {
        severity: NonBreaking,
        group: "unreferenced output definitions changed",
        summary: "A definition (`$defs` or `definitions` entry) of a tool's outputSchema that no `$ref` reaches was added, removed or changed.",
        why: "Nothing in the schema validates against it, so no result is accepted or rejected differently; it is reported because a model reading the schema still sees it, and no schema change is silent.",
        advice: "Nothing to do, unless a `$ref` was meant to use it: then the reference is missing.",
        message: "tool `{name}`: output definition `{subject}`, which no $ref reaches, changed from {old} to {new}{detail}",
    }
    ToolOutputContentChanged = "tool.output.content.changed" {
        severity: PotentiallyBreaking,
        group: "output content annotations changed",
        summary: "The content annotations (`contentEncoding`, `contentMediaType`, `contentSchema`) of a string in a tool's outputSchema changed.",
        why: "Validators do not assert them, but senders and readers encode and decode the string by them.",
        advice: "Check that both ends still encode and decode the value the same way.",
        message: "tool `{name}`: output `{subject}` content annotation changed from {old} to {new}{detail}",
    }
    ToolOutputDialectChanged = "tool.output.dialect.changed" {
        severity: PotentiallyBreaking,
        group: "output schema dialects changed",
        summary: "The JSON Schema dialect (`$schema`) of a tool's outputSchema changed.",
        why: "The dialect is visible to clients: strict validators reject dialects they do not support (draft-07 in 2020-12-only clients and the reverse), and some keywords change meaning between dialects.",
        advice: "Keep the dialect your clients support; prefer 2020-12, the MCP default.",
        message: "tool `{name}`: output `{subject}` dialect changed from {old} to {new}{detail}",
    }
    ToolOutputPropertyDescriptionChanged = "tool.output.property.description.changed" {
        severity: PotentiallyBreaking,
        decider: Prose,
        group: "output property descriptions changed",
        summary: "The description of a value in a tool's outputSchema changed.",
        why: "Per-argument and per-field descriptions are the model's main guide to what to send and how to read results; reworded guidance changes model behaviour.",
        advice: "Review the new text as you would a behaviour change; keep typo fixes separate from meaning changes.",
        message: "tool `{name}`: output `{subject}` description changed ({detail})",
    }
    ToolOutputPropertyTitleChanged = "tool.output.property.title.changed" {
        severity: PotentiallyBreaking,
        decider: Prose,
        group: "output property titles changed",
        summary: "The title of a value in a tool's outputSchema changed.",
        why: "Titles label fields in forms and are shown to models; generators add or prune them (pydantic, FastMCP).",
        advice: "Nothing to do unless the label is used to pick the field.",
        message: "tool `{name}`: output `{subject}` title changed ({detail})",
    }
    ToolInputIdentifierChanged = "tool.input.identifier.changed" {
        severity: NonBreaking,
        group: "input schema identifiers changed",
        summary: "A schema identifier in a tool's inputSchema changed (`$id`, draft-04 `id`, `$anchor`).",
        why: "Identifiers name schemas for `$ref`s to follow; the engine compares the schemas after following them, so what validates is judged there. The name itself matters only to tools that cache or fetch schemas by it.",
        advice: "Nothing to do unless something outside the tool list refers to the schema by its identifier.",
        message: "tool `{name}`: input `{subject}` identifier changed from {old} to {new}{detail}",
    }
    ToolInputInertKeywordChanged = "tool.input.inertKeyword.changed" {
        severity: NonBreaking,
        group: "inert input schema keywords changed",
        summary: "A standard keyword that has no effect where it is written changed in a tool's inputSchema (`then`/`else` without `if`, `additionalItems` without tuple `items`, `$vocabulary` outside a meta-schema).",
        why: "Validators ignore the keyword in that position, so no argument changes validity; it is reported so that no schema change is silent.",
        advice: "Remove the keyword, or add what makes it apply (`if`, a tuple) if that was the intent.",
        message: "tool `{name}`: input `{subject}` keyword with no effect changed from {old} to {new}{detail}",
    }
    ToolInputVendorKeywordChanged = "tool.input.vendorKeyword.changed" {
        severity: PotentiallyBreaking,
        group: "input schema vendor keywords changed",
        summary: "A keyword that a schema generator emits outside JSON Schema changed in a tool's inputSchema (`discriminator`, `enumNames`, `errorMessage`, `markdownDescription`, `propertyOrdering`, `x-fastmcp-wrap-result`).",
        why: "JSON Schema validators ignore it, so no argument changes validity, but the consumers that read it (code generators, forms, editors, models, the generator's own client) see a different contract; `details` names who emits it and what it means.",
        advice: "Check that the clients you target read the keyword as before.",
        message: "tool `{name}`: input `{subject}` vendor keyword {detail} changed from {old} to {new}",
    }
    ToolOutputIdentifierChanged = "tool.output.identifier.changed" {
        severity: NonBreaking,
        group: "output schema identifiers changed",
        summary: "A schema identifier in a tool's outputSchema changed (`$id`, draft-04 `id`, `$anchor`).",
        why: "Identifiers name schemas for `$ref`s to follow; the engine compares the schemas after following them, so what validates is judged there. The name itself matters only to tools that cache or fetch schemas by it.",
        advice: "Nothing to do unless something outside the tool list refers to the schema by its identifier.",
        message: "tool `{name}`: output `{subject}` identifier changed from {old} to {new}{detail}",
    }
    ToolOutputInertKeywordChanged = "tool.output.inertKeyword.changed" {
        severity: NonBreaking,
        group: "inert output schema keywords changed",
        summary: "A standard keyword that has no effect where it is written changed in a tool's outputSchema (`then`/`else` without `if`, `additionalItems` without tuple `items`, `$vocabulary` outside a meta-schema).",
        why: "Validators ignore the keyword in that position, so no result changes validity; it is reported so that no schema change is silent.",
        advice: "Remove the keyword, or add what makes it apply (`if`, a tuple) if that was the intent.",
        message: "tool `{name}`: output `{subject}` keyword with no effect changed from {old} to {new}{detail}",
    }
    ToolOutputVendorKeywordChanged = "tool.output.vendorKeyword.changed" {
        severity: PotentiallyBreaking,
        group: "output schema vendor keywords changed",
        summary: "A keyword that a schema generator emits outside JSON Schema changed in a tool's outputSchema (for example FastMCP's `x-fastmcp-wrap-result`, which says `structuredContent` is wrapped as `{\"result\": …}`).",
        why: "JSON Schema validators ignore it, so no result changes validity, but the consumers that read it see a different contract: a FastMCP client unwraps a result marked `x-fastmcp-wrap-result` and returns it whole when the mark goes; `details` names who emits the keyword and what it means.",
        advice: "Check that the clients you target read results as before; the schema's own change (the `result` wrapper) is reported beside this.",
        message: "tool `{name}`: output `{subject}` vendor keyword {detail} changed from {old} to {new}",
    }
    ToolOutputPropertyAddedToClosed = "tool.output.property.addedToClosed" {
        severity: PotentiallyBreaking,
        group: "output properties added to closed objects",
        summary: "A tool's outputSchema gained a property on an object the old schema closed (`additionalProperties: false`).",
        why: "A consumer that validates `structuredContent` strictly against the old schema rejects the unknown key; most clients ignore extra keys.",
        advice: "Tell consumers to refresh their copy of the schema before they validate strictly, or announce the new key in the release notes.",
        message: "tool `{name}`: output property `{subject}` was added to an object the old schema closed{detail}",
    }
    ToolOutputPropertyAddedOutsideCatchAll = "tool.output.property.addedOutsideCatchAll" {
        severity: Breaking,
        group: "output properties added outside the rule for unnamed keys",
        summary: "A tool's outputSchema gained a property whose schema does not fit the old schema's rule for unnamed keys (`additionalProperties` or a matching `patternProperties`).",
        why: "The old contract promised that every key it did not name holds values of the catch-all schema; consumers that rely on that promise read a value of another shape under the new key.",
        advice: "Keep the new property's values within the catch-all schema, or rename the key so it does not fall under the old promise.",
        message: "tool `{name}`: output property `{subject}` was added outside the old catch-all for unnamed keys{detail}",
    }
    ToolInputPropertyAddedNarrowingCatchAll = "tool.input.property.addedNarrowingCatchAll" {
        severity: Breaking,
        group: "input properties added narrower than the rule for unnamed keys",
        summary: "A tool's inputSchema gained a property narrower than the old schema's explicit rule for unnamed keys (`additionalProperties: {…}` or a matching `patternProperties`).",
        why: "Under the old schema a correct caller could already send this key with any value of the catch-all schema; some of those values are now refused.",
        advice: "Accept every value the catch-all accepted for the key, or choose a key the old catch-all did not cover.",
        message: "tool `{name}`: input property `{subject}` was added narrower than the old catch-all for unnamed keys{detail}",
    }
    // ---- schema: end ----

    // ---- MCP surface: resources, templates, prompts, server, annotations, names (src/detect) ----
    PromptAdded = "prompt.added" {
        severity: NonBreaking,
        summary: "A prompt was added.",
        why: "Existing clients are unaffected; they see one more entry in the list.",
        advice: "Nothing to do.",
        message: "prompt `{name}` was added",
    }
    PromptRemoved = "prompt.removed" {
        severity: Breaking,
        summary: "A prompt was removed.",
        why: "Users and clients that invoke the prompt by name (slash commands, saved workflows) get an error.",
        advice: "Keep the prompt for a release and mark it deprecated in its description first.",
        message: "prompt `{name}` was removed",
    }
    PromptTitleChanged = "prompt.title.changed" {
        severity: PotentiallyBreaking,
        decider: Prose,
        group: "prompt titles changed",
        summary: "A prompt's display title changed.",
        why: "Hosts show the title in pickers and menus; users recognise the entry by it.",
        advice: "Keep titles stable; fix typos freely.",
        message: "prompt `{name}`: title changed ({detail})",
    }
    PromptDescriptionChanged = "prompt.description.changed" {
        severity: PotentiallyBreaking,
        decider: Prose,
        group: "prompt descriptions changed",
        summary: "A prompt's description changed.",
        why: "The description is shown to users and, once the prompt is used, to the model; reworded text changes how either picks and uses it.",
        advice: "Review the new text as you would a behaviour change; keep typo fixes separate from meaning changes.",
        message: "prompt `{name}`: description changed ({detail})",
    }
    PromptIconsChanged = "prompt.icons.changed" {
        severity: NonBreaking,
        group: "prompt icons changed",
        summary: "A prompt's icons changed.",
        why: "Only host UIs render icons.",
        advice: "Nothing to do.",
        message: "prompt `{name}`: icons changed from {old} to {new}",
    }
    PromptMetaChanged = "prompt.meta.changed" {
        severity: NonBreaking,
        group: "prompt `_meta` keys changed",
        summary: "A key of a prompt's `_meta` changed.",
        why: "`_meta` carries extension data read by specific clients; the engine knows of no key here that changes behaviour.",
        advice: "Check the extension that reads the key, if you target one.",
        message: "prompt `{name}`: `{subject}` changed from {old} to {new}",
    }
    PromptFieldChanged = "prompt.field.changed" {
        severity: NonBreaking,
        group: "unmodelled prompt fields changed",
        summary: "A prompt field that the engine does not model changed.",
        why: "Fields outside the MCP schema are extension data that standard clients ignore; the change is reported rather than dropped.",
        advice: "Check whether a client you target reads the field.",
        message: "prompt `{name}`: field `{subject}` changed from {old} to {new}",
    }
    ResourceAdded = "resource.added" {
        severity: NonBreaking,
        summary: "A resource was added.",
        why: "Existing clients are unaffected; they see one more entry in the list.",
        advice: "Nothing to do.",
        message: "resource `{name}` was added",
    }
    ResourceRemoved = "resource.removed" {
        severity: Breaking,
        summary: "A resource was removed.",
        why: "Clients that read or subscribe to the URI get a not-found error, and hosts lose it from their context lists.",
        advice: "Keep the resource for a release and mark it deprecated in its description first.",
        message: "resource `{name}` was removed",
    }
    ResourceTitleChanged = "resource.title.changed" {
        severity: PotentiallyBreaking,
        decider: Prose,
        group: "resource titles changed",
        summary: "A resource's display title changed.",
        why: "Hosts show the title in pickers and menus; users recognise the entry by it.",
        advice: "Keep titles stable; fix typos freely.",
        message: "resource `{name}`: title changed ({detail})",
    }
    ResourceDescriptionChanged = "resource.description.changed" {
        severity: PotentiallyBreaking,
        decider: Prose,
        group: "resource descriptions changed",
        summary: "A resource's description changed.",
        why: "The description is shown to users and, once the resource is used, to the model; reworded text changes how either picks and uses it.",
        advice: "Review the new text as you would a behaviour change; keep typo fixes separate from meaning changes.",
        message: "resource `{name}`: description changed ({detail})",
    }
    ResourceIconsChanged = "resource.icons.changed" {
        severity: NonBreaking,
        group: "resource icons changed",
        summary: "A resource's icons changed.",
        why: "Only host UIs render icons.",
        advice: "Nothing to do.",
        message: "resource `{name}`: icons changed from {old} to {new}",
    }
    ResourceMetaChanged = "resource.meta.changed" {
        severity: NonBreaking,
        group: "resource `_meta` keys changed",
        summary: "A key of a resource's `_meta` changed.",
        why: "`_meta` carries extension data read by specific clients; the engine knows of no key here that changes behaviour.",
        advice: "Check the extension that reads the key, if you target one.",
        message: "resource `{name}`: `{subject}` changed from {old} to {new}",
    }
    ResourceFieldChanged = "resource.field.changed" {
        severity: NonBreaking,
        group: "unmodelled resource fields changed",
        summary: "A resource field that the engine does not model changed.",
        why: "Fields outside the MCP schema are extension data that standard clients ignore; the change is reported rather than dropped.",
        advice: "Check whether a client you target reads the field.",
        message: "resource `{name}`: field `{subject}` changed from {old} to {new}",
    }
    ResourceNameChanged = "resource.name.changed" {
        severity: NonBreaking,
        group: "resource names changed",
        summary: "A resource's `name` changed (its identity, `uri`, did not).",
        why: "The `uri` is what clients read by; `name` is a label hosts fall back to when there is no title.",
        advice: "Nothing to do unless users know the entry by this name.",
        message: "resource `{name}`: name changed from {old} to {new}",
    }
    ResourceMimeTypeChanged = "resource.mimeType.changed" {
        severity: PotentiallyBreaking,
        group: "resource MIME types changed",
        summary: "A resource's `mimeType` changed.",
        why: "Clients choose how to parse and render contents by media type; consumers of the old type may mis-handle the new one.",
        advice: "Keep the media type, or publish the new format under a new URI.",
        message: "resource `{name}`: mimeType changed from {old} to {new}",
    }
    ResourceAnnotationsAudienceChanged = "resource.annotations.audience.changed" {
        severity: PotentiallyBreaking,
        group: "resource audiences changed",
        summary: "A resource's `annotations.audience` changed.",
        why: "Hosts decide by audience whether contents go to the model, the user or both; losing `assistant` means the model may stop seeing the data.",
        advice: "Keep the audience unless the change is intended; say so in the release notes.",
        message: "resource `{name}`: audience changed from {old} to {new}",
    }
    ResourceAnnotationsChanged = "resource.annotations.changed" {
        severity: NonBreaking,
        group: "unmodelled resource annotations changed",
        summary: "A resource annotation other than `audience` changed (`priority`, `lastModified`, or an unknown key).",
        why: "Priority only orders what hosts include; `lastModified` is volatile data; neither changes what a client can do.",
        advice: "Nothing to do.",
        message: "resource `{name}`: `{subject}` changed from {old} to {new}",
    }
    ResourceTemplateAdded = "resourceTemplate.added" {
        severity: NonBreaking,
        summary: "A resource template was added.",
        why: "Existing clients are unaffected; they see one more entry in the list.",
        advice: "Nothing to do.",
        message: "resource template `{name}` was added",
    }
    ResourceTemplateRemoved = "resourceTemplate.removed" {
        severity: Breaking,
        summary: "A resource template was removed.",
        why: "Clients that expand the template (and `completion/complete` references to it) can no longer build resource URIs from it.",
        advice: "Keep the resource template for a release and mark it deprecated in its description first.",
        message: "resource template `{name}` was removed",
    }
    ResourceTemplateTitleChanged = "resourceTemplate.title.changed" {
        severity: PotentiallyBreaking,
        decider: Prose,
        group: "resource template titles changed",
        summary: "A resource template's display title changed.",
        why: "Hosts show the title in pickers and menus; users recognise the entry by it.",
        advice: "Keep titles stable; fix typos freely.",
        message: "resource template `{name}`: title changed ({detail})",
    }
    ResourceTemplateDescriptionChanged = "resourceTemplate.description.changed" {
        severity: PotentiallyBreaking,
        decider: Prose,
        group: "resource template descriptions changed",
        summary: "A resource template's description changed.",
        why: "The description is shown to users and, once the resource template is used, to the model; reworded text changes how either picks and uses it.",
        advice: "Review the new text as you would a behaviour change; keep typo fixes separate from meaning changes.",
        message: "resource template `{name}`: description changed ({detail})",
    }
    ResourceTemplateIconsChanged = "resourceTemplate.icons.changed" {
        severity: NonBreaking,
        group: "resource template icons changed",
        summary: "A resource template's icons changed.",
        why: "Only host UIs render icons.",
        advice: "Nothing to do.",
        message: "resource template `{name}`: icons changed from {old} to {new}",
    }
    ResourceTemplateMetaChanged = "resourceTemplate.meta.changed" {
        severity: NonBreaking,
        group: "resource template `_meta` keys changed",
        summary: "A key of a resource template's `_meta` changed.",
        why: "`_meta` carries extension data read by specific clients; the engine knows of no key here that changes behaviour.",
        advice: "Check the extension that reads the key, if you target one.",
        message: "resource template `{name}`: `{subject}` changed from {old} to {new}",
    }
    ResourceTemplateFieldChanged = "resourceTemplate.field.changed" {
        severity: NonBreaking,
        group: "unmodelled resource template fields changed",
        summary: "A resource template field that the engine does not model changed.",
        why: "Fields outside the MCP schema are extension data that standard clients ignore; the change is reported rather than dropped.",
        advice: "Check whether a client you target reads the field.",
        message: "resource template `{name}`: field `{subject}` changed from {old} to {new}",
    }
    ResourceTemplateNameChanged = "resourceTemplate.name.changed" {
        severity: NonBreaking,
        group: "resource template names changed",
        summary: "A resource template's `name` changed (its identity, `uriTemplate`, did not).",
        why: "The `uriTemplate` is what clients read by; `name` is a label hosts fall back to when there is no title.",
        advice: "Nothing to do unless users know the entry by this name.",
        message: "resource template `{name}`: name changed from {old} to {new}",
    }
    ResourceTemplateMimeTypeChanged = "resourceTemplate.mimeType.changed" {
        severity: PotentiallyBreaking,
        group: "resource template MIME types changed",
        summary: "A resource template's `mimeType` changed.",
        why: "Clients choose how to parse and render contents by media type; consumers of the old type may mis-handle the new one.",
        advice: "Keep the media type, or publish the new format under a new URI.",
        message: "resource template `{name}`: mimeType changed from {old} to {new}",
    }
    ResourceTemplateAnnotationsAudienceChanged = "resourceTemplate.annotations.audience.changed" {
        severity: PotentiallyBreaking,
        group: "resource template audiences changed",
        summary: "A resource template's `annotations.audience` changed.",
        why: "Hosts decide by audience whether contents go to the model, the user or both; losing `assistant` means the model may stop seeing the data.",
        advice: "Keep the audience unless the change is intended; say so in the release notes.",
        message: "resource template `{name}`: audience changed from {old} to {new}",
    }
    ResourceTemplateAnnotationsChanged = "resourceTemplate.annotations.changed" {
        severity: NonBreaking,
        group: "unmodelled resource template annotations changed",
        summary: "A resource template annotation other than `audience` changed (`priority`, `lastModified`, or an unknown key).",
        why: "Priority only orders what hosts include; `lastModified` is volatile data; neither changes what a client can do.",
        advice: "Nothing to do.",
        message: "resource template `{name}`: `{subject}` changed from {old} to {new}",
    }
    ResourceSizeChanged = "resource.size.changed" {
        severity: NonBreaking,
        group: "resource sizes changed",
        summary: "A resource's `size` changed.",
        why: "The size is volatile data hosts use for context-budget estimates; it changes whenever the contents do.",
        advice: "Nothing to do.",
        message: "resource `{name}`: size changed from {old} to {new}",
    }
    ResourceTemplateVariablesChanged = "resourceTemplate.variables.changed" {
        severity: Breaking,
        group: "resource template variables changed",
        summary: "A resource template's variables changed (same template text, different `{…}` expressions).",
        why: "Template variables are the parameters clients fill in, also in `completion/complete` references; clients expanding the old variables build URIs the server no longer understands.",
        advice: "Keep the old template alongside the new one for a release.",
        message: "resource template `{name}`: variables changed ({detail})",
    }
    PromptArgumentAdded = "prompt.argument.added" {
        severity: NonBreaking,
        group: "prompt arguments added",
        summary: "A prompt gained an argument.",
        why: "Callers that do not send it are unaffected unless it is required (reported separately).",
        advice: "Nothing to do; describe the argument.",
        message: "prompt `{name}`: argument `{subject}` was added",
    }
    PromptArgumentRemoved = "prompt.argument.removed" {
        severity: Breaking,
        group: "prompt arguments removed",
        summary: "A prompt lost an argument.",
        why: "Callers that still send it may be rejected as passing an unknown argument, and the prompt no longer uses the value.",
        advice: "Keep accepting the argument for a release.",
        message: "prompt `{name}`: argument `{subject}` was removed",
    }
    PromptArgumentRequiredAdded = "prompt.argument.required.added" {
        severity: Breaking,
        group: "prompt arguments now required",
        summary: "A prompt argument is now required (a new required argument, or an optional one that became required).",
        why: "Existing `prompts/get` calls that omit it fail with invalid params (-32602).",
        advice: "Make the argument optional with a default instead.",
        message: "prompt `{name}`: argument `{subject}` is now required",
    }
    PromptArgumentRequiredRemoved = "prompt.argument.required.removed" {
        severity: NonBreaking,
        group: "prompt arguments no longer required",
        summary: "A prompt argument is no longer required.",
        why: "Every call that was valid before still is.",
        advice: "Nothing to do; say what happens when it is omitted.",
        message: "prompt `{name}`: argument `{subject}` is no longer required",
    }
    PromptArgumentTitleChanged = "prompt.argument.title.changed" {
        severity: PotentiallyBreaking,
        decider: Prose,
        group: "prompt argument titles changed",
        summary: "A prompt argument's display title changed.",
        why: "Hosts label argument inputs with it.",
        advice: "Keep titles stable; fix typos freely.",
        message: "prompt `{name}`: {subject} title changed ({detail})",
    }
    PromptArgumentDescriptionChanged = "prompt.argument.description.changed" {
        severity: PotentiallyBreaking,
        decider: Prose,
        group: "prompt argument descriptions changed",
        summary: "A prompt argument's description changed.",
        why: "Users and models read it to know what value to pass.",
        advice: "Review the new text as you would a behaviour change.",
        message: "prompt `{name}`: {subject} description changed ({detail})",
    }
    PromptArgumentFieldChanged = "prompt.argument.field.changed" {
        severity: NonBreaking,
        group: "unmodelled prompt argument fields changed",
        summary: "A prompt argument field the engine does not model changed.",
        why: "Standard clients read only name, title, description and required; the change is reported rather than dropped.",
        advice: "Check whether a client you target reads the field.",
        message: "prompt `{name}`: argument field `{subject}` changed from {old} to {new}",
    }
    ServerCapabilitiesAdded = "server.capabilities.added" {
        severity: NonBreaking,
        decider: CapabilityFlags,
        group: "capabilities added",
        summary: "The server declares a capability or sub-capability it did not declare before.",
        why: "Clients may use the new feature; nothing they did before stops working.",
        advice: "Nothing to do.",
        message: "server: capability `{subject}` was added",
    }
    ServerCapabilitiesChanged = "server.capabilities.changed" {
        severity: PotentiallyBreaking,
        group: "capability values changed",
        summary: "A capability value that is neither an object nor a flag changed.",
        why: "Clients read capability values to decide which features to use; the engine cannot tell whether the new value still supports what they did.",
        advice: "Check what clients do with the value.",
        message: "server: capability `{subject}` changed from {old} to {new}",
    }
    ServerCapabilitiesRemoved = "server.capabilities.removed" {
        severity: Breaking,
        decider: CapabilityFlags,
        group: "capabilities removed",
        summary: "The server no longer declares a capability or sub-capability (for example `tools`, `tools.listChanged`, `resources.subscribe`); each is judged on its own.",
        why: "Dropping `tools`, `resources` or `prompts` (or an unknown key under one) is BREAKING: their calls now fail with MethodNotFound. Dropping an optional feature (`listChanged`, `resources.subscribe`, `completions`, `logging`, `tasks`, an `experimental` or `extensions` entry) is POTENTIALLY_BREAKING: a correct client checks capabilities at initialize and loses the feature without an error. A key that is not a server capability in any protocol version (`roots`, `sampling`, `elicitation` are the client's; vendor keys) is NON_BREAKING, as is an empty `experimental: {}`.",
        advice: "Keep declaring the capability; deprecate the feature first. A project whose clients depend on an optional feature can override this rule to BREAKING.",
        message: "server: capability `{subject}` was removed",
    }
    ServerCapabilitiesNotCaptured = "server.capabilities.notCaptured" {
        severity: PotentiallyBreaking,
        group: "capabilities declared but not captured",
        summary: "A snapshot declares the `tools`, `resources` or `prompts` capability but carries no list of them, so that section could not be compared.",
        why: "A capture that failed to list a declared section (an error, a timeout, a tool that wrote only the handshake) would otherwise pass as if nothing changed: every tool, resource or prompt of the server went unchecked.",
        advice: "Capture the snapshot again with its lists (`mcp-contract snapshot` writes every declared section); if the server really has none, capture the empty list.",
        message: "server: capability `{subject}` is declared but its list was not captured{detail}, so `{subject}` was not compared",
    }
    ServerInstructionsChanged = "server.instructions.changed" {
        severity: PotentiallyBreaking,
        decider: Prose,
        group: "server instructions changed",
        summary: "The server's `instructions` changed.",
        why: "Hosts put the instructions into the model's system prompt; reworded guidance changes how the model uses every tool of the server.",
        advice: "Review the new text as you would a behaviour change.",
        message: "server: instructions changed ({detail})",
    }
    ServerProtocolVersionChanged = "server.protocolVersion.changed" {
        severity: PotentiallyBreaking,
        decider: VersionOrder,
        group: "protocol versions changed",
        summary: "The protocol version the server speaks changed (within the `initialize` handshake, or between `initialize` and the 2026 `server/discover`).",
        why: "The negotiated version reflects what the capturing client asked for, so a newer one is NON_BREAKING. An older one, one that cannot be ordered, or a new handshake that no longer offers the old version is POTENTIALLY_BREAKING: clients that need the old version or its wire shape may disconnect.",
        advice: "Support the old version alongside the new one for a release.",
        message: "server: protocol version changed: {detail}",
    }
    ServerServerInfoChanged = "server.serverInfo.changed" {
        severity: NonBreaking,
        group: "serverInfo fields changed",
        summary: "A field of the server's identity (`serverInfo` name, title, description, websiteUrl, icons) changed; its version is never reported.",
        why: "Hosts display it and log it; the spec says peers must not change behaviour because of it (some hosts key their config by the name).",
        advice: "Keep the name stable if users configure the server by it.",
        message: "server: `{subject}` changed from {old} to {new}",
    }
    ServerSupportedVersionsAdded = "server.supportedVersions.added" {
        severity: NonBreaking,
        group: "supported protocol versions added",
        summary: "The server supports a protocol version it did not before.",
        why: "Clients pinned to the old versions are unaffected.",
        advice: "Nothing to do.",
        message: "server: now supports protocol version {subject} ({detail})",
    }
    ServerSupportedVersionsRemoved = "server.supportedVersions.removed" {
        severity: Breaking,
        group: "supported protocol versions removed",
        summary: "The server no longer supports a protocol version.",
        why: "Clients pinned to that version get UnsupportedProtocolVersion errors on every request.",
        advice: "Keep supporting the version until its clients have moved.",
        message: "server: no longer supports protocol version {subject} ({detail})",
    }
    ServerFieldChanged = "server.field.changed" {
        severity: NonBreaking,
        group: "unmodelled server fields changed",
        summary: "A server-level field that no rule models changed (a vendor key of the initialize or discover result).",
        why: "Standard clients read only the protocol version, capabilities, server info and instructions; other fields are extension data, so the change is reported rather than dropped, but not as breaking.",
        advice: "Check whether a client you target reads the field.",
        message: "server: field `{subject}` changed from {old} to {new}",
    }
    // ---- hidden characters (src/detect/hidden.rs) ----
    ToolNameHiddenCharacters = "tool.name.hiddenCharacters" {
        severity: PotentiallyBreaking,
        group: "tool names with hidden characters",
        summary: "A tool's name contains invisible or direction-changing characters (zero-width, bidi controls, tag characters, control characters).",
        why: "Such a name renders like another (`sea⟨U+200B⟩rch` reads as `search`), so a reviewer approves a tool they cannot tell apart, and a model or host may pick it instead of the real one (the Trojan Source class, CVE-2021-42574).",
        advice: "Use visible characters only; reports show each hidden one as an escape such as ⟨U+200B⟩.",
        message: "tool `{name}`: {subject} contains hidden characters ({detail})",
    }
    ToolNameConfusable = "tool.name.confusable" {
        severity: PotentiallyBreaking,
        group: "tool names that pass for another's",
        summary: "An added tool's name holds letters of another script that pass for Latin ones (Unicode's confusables, UTS #39), so that it reads as the name of another tool, kept, added or removed.",
        why: "`s⟨U+0435 Cyrillic⟩arch` (as reports show it) looks exactly like `search` on a screen: a reviewer approves a tool they cannot tell from the real one, and a model or host may pick it instead (a homograph spoof).",
        advice: "Name tools in ASCII, or rename the look-alike so that it reads differently; reports show each such letter with its code point and script (⟨U+0435 Cyrillic⟩).",
        message: "tool `{name}`: name passes for {detail}",
    }
    ToolDescriptionHiddenCharacters = "tool.description.hiddenCharacters" {
        severity: PotentiallyBreaking,
        group: "tool descriptions with hidden characters",
        summary: "A tool's description now contains invisible or direction-changing characters (zero-width, bidi controls, tag characters, control characters other than line breaks and tabs).",
        why: "The model reads the description whole while a reviewer sees text reordered or missing: hidden instructions reach the model unreviewed (the Trojan Source class, CVE-2021-42574).",
        advice: "Use visible characters only; reports show each hidden one as an escape such as ⟨U+202E⟩.",
        message: "tool `{name}`: description contains hidden characters ({detail})",
    }
    PromptNameHiddenCharacters = "prompt.name.hiddenCharacters" {
        severity: PotentiallyBreaking,
        group: "prompt names with hidden characters",
        summary: "A prompt's name contains invisible or direction-changing characters (zero-width, bidi controls, tag characters, control characters).",
        why: "Such a name renders like another (`sea⟨U+200B⟩rch` reads as `search`), so a reviewer approves a tool they cannot tell apart, and a model or host may pick it instead of the real one (the Trojan Source class, CVE-2021-42574).",
        advice: "Use visible characters only; reports show each hidden one as an escape such as ⟨U+200B⟩.",
        message: "prompt `{name}`: {subject} contains hidden characters ({detail})",
    }
    PromptNameConfusable = "prompt.name.confusable" {
        severity: PotentiallyBreaking,
        group: "prompt names that pass for another's",
        summary: "An added prompt's name holds letters of another script that pass for Latin ones (Unicode's confusables, UTS #39), so that it reads as the name of another prompt, kept, added or removed.",
        why: "`summ⟨U+0430 Cyrillic⟩rize` (as reports show it) looks exactly like `summarize` on a screen: a reviewer approves a prompt they cannot tell from the real one, and a model or host may pick it instead (a homograph spoof).",
        advice: "Name prompts in ASCII, or rename the look-alike so that it reads differently; reports show each such letter with its code point and script (⟨U+0435 Cyrillic⟩).",
        message: "prompt `{name}`: name passes for {detail}",
    }
    PromptDescriptionHiddenCharacters = "prompt.description.hiddenCharacters" {
        severity: PotentiallyBreaking,
        group: "prompt descriptions with hidden characters",
        summary: "A prompt's description now contains invisible or direction-changing characters (zero-width, bidi controls, tag characters, control characters other than line breaks and tabs).",
        why: "The model reads the description whole while a reviewer sees text reordered or missing: hidden instructions reach the model unreviewed (the Trojan Source class, CVE-2021-42574).",
        advice: "Use visible characters only; reports show each hidden one as an escape such as ⟨U+202E⟩.",
        message: "prompt `{name}`: description contains hidden characters ({detail})",
    }
    ResourceNameHiddenCharacters = "resource.name.hiddenCharacters" {
        severity: PotentiallyBreaking,
        group: "resource names with hidden characters",
        summary: "A resource's URI or display `name` contains invisible or direction-changing characters (zero-width, bidi controls, tag characters, control characters).",
        why: "Such a URI or name renders like another, so a reviewer approves an entity they cannot tell apart, and a client may read the wrong one (the Trojan Source class, CVE-2021-42574).",
        advice: "Use visible characters only; reports show each hidden one as an escape such as ⟨U+200B⟩.",
        message: "resource `{name}`: {subject} contains hidden characters ({detail})",
    }
    ResourceDescriptionHiddenCharacters = "resource.description.hiddenCharacters" {
        severity: PotentiallyBreaking,
        group: "resource descriptions with hidden characters",
        summary: "A resource's description now contains invisible or direction-changing characters (zero-width, bidi controls, tag characters, control characters other than line breaks and tabs).",
        why: "The model reads the description whole while a reviewer sees text reordered or missing: hidden instructions reach the model unreviewed (the Trojan Source class, CVE-2021-42574).",
        advice: "Use visible characters only; reports show each hidden one as an escape such as ⟨U+202E⟩.",
        message: "resource `{name}`: description contains hidden characters ({detail})",
    }
    ResourceTemplateNameHiddenCharacters = "resourceTemplate.name.hiddenCharacters" {
        severity: PotentiallyBreaking,
        group: "resource template names with hidden characters",
        summary: "A resource template's URI template or display `name` contains invisible or direction-changing characters (zero-width, bidi controls, tag characters, control characters).",
        why: "Such a URI template or name renders like another, so a reviewer approves an entity they cannot tell apart, and a client may read the wrong one (the Trojan Source class, CVE-2021-42574).",
        advice: "Use visible characters only; reports show each hidden one as an escape such as ⟨U+200B⟩.",
        message: "resource template `{name}`: {subject} contains hidden characters ({detail})",
    }
    ResourceTemplateDescriptionHiddenCharacters = "resourceTemplate.description.hiddenCharacters" {
        severity: PotentiallyBreaking,
        group: "resource template descriptions with hidden characters",
        summary: "A resource template's description now contains invisible or direction-changing characters (zero-width, bidi controls, tag characters, control characters other than line breaks and tabs).",
        why: "The model reads the description whole while a reviewer sees text reordered or missing: hidden instructions reach the model unreviewed (the Trojan Source class, CVE-2021-42574).",
        advice: "Use visible characters only; reports show each hidden one as an escape such as ⟨U+202E⟩.",
        message: "resource template `{name}`: description contains hidden characters ({detail})",
    }
    ServerInstructionsHiddenCharacters = "server.instructions.hiddenCharacters" {
        severity: PotentiallyBreaking,
        group: "server instructions with hidden characters",
        summary: "The server's `instructions` now contain invisible or direction-changing characters (zero-width, bidi controls, tag characters, control characters other than line breaks and tabs).",
        why: "Hosts put the instructions into the model's system prompt: hidden text there steers the model while a reviewer sees text reordered or missing (the Trojan Source class, CVE-2021-42574).",
        advice: "Use visible characters only; reports show each hidden one as an escape such as ⟨U+202E⟩.",
        message: "server: instructions contain hidden characters ({detail})",
    }
    // ---- repeated keys in a snapshot's JSON text (src/detect/repeated_keys.rs) ----
    ToolJsonRepeatedKey = "tool.json.repeatedKey" {
        severity: PotentiallyBreaking,
        group: "tools whose JSON repeats a key",
        summary: "An object in a tool's JSON now writes the same key more than once.",
        why: "RFC 8259 leaves a repeated key's meaning to the reader: `JSON.parse`, Python and serde_json keep the last value (as mcp-contract compares), others keep the first, and clients that read into typed structs with serde derives refuse the whole message (`duplicate field`). Different clients then see different tools, or none.",
        advice: "Write each key once; if the text is generated, find where two writers add the same key.",
        message: "tool `{name}`: key `{subject}` is written {detail} in one object (readers keep the last value, the first, or refuse the text)",
    }
    PromptJsonRepeatedKey = "prompt.json.repeatedKey" {
        severity: PotentiallyBreaking,
        group: "prompts whose JSON repeats a key",
        summary: "An object in a prompt's JSON now writes the same key more than once.",
        why: "RFC 8259 leaves a repeated key's meaning to the reader: `JSON.parse`, Python and serde_json keep the last value (as mcp-contract compares), others keep the first, and clients that read into typed structs with serde derives refuse the whole message (`duplicate field`). Different clients then see different prompts, or none.",
        advice: "Write each key once; if the text is generated, find where two writers add the same key.",
        message: "prompt `{name}`: key `{subject}` is written {detail} in one object (readers keep the last value, the first, or refuse the text)",
    }
    ResourceJsonRepeatedKey = "resource.json.repeatedKey" {
        severity: PotentiallyBreaking,
        group: "resources whose JSON repeats a key",
        summary: "An object in a resource's JSON now writes the same key more than once.",
        why: "RFC 8259 leaves a repeated key's meaning to the reader: `JSON.parse`, Python and serde_json keep the last value (as mcp-contract compares), others keep the first, and clients that read into typed structs with serde derives refuse the whole message (`duplicate field`). Different clients then see different resources, or none.",
        advice: "Write each key once; if the text is generated, find where two writers add the same key.",
        message: "resource `{name}`: key `{subject}` is written {detail} in one object (readers keep the last value, the first, or refuse the text)",
    }
    ResourceTemplateJsonRepeatedKey = "resourceTemplate.json.repeatedKey" {
        severity: PotentiallyBreaking,
        group: "resource templates whose JSON repeats a key",
        summary: "An object in a resource template's JSON now writes the same key more than once.",
        why: "RFC 8259 leaves a repeated key's meaning to the reader: `JSON.parse`, Python and serde_json keep the last value (as mcp-contract compares), others keep the first, and clients that read into typed structs with serde derives refuse the whole message (`duplicate field`). Different clients then see different resource templates, or none.",
        advice: "Write each key once; if the text is generated, find where two writers add the same key.",
        message: "resource template `{name}`: key `{subject}` is written {detail} in one object (readers keep the last value, the first, or refuse the text)",
    }
    ServerJsonRepeatedKey = "server.json.repeatedKey" {
        severity: PotentiallyBreaking,
        group: "server-level objects whose JSON repeats a key",
        summary: "An object of the snapshot outside any tool, resource, template or prompt (the server's fields, the capture's wrapper) now writes the same key more than once.",
        why: "RFC 8259 leaves a repeated key's meaning to the reader: `JSON.parse`, Python and serde_json keep the last value (as mcp-contract compares), others keep the first, and clients that read into typed structs with serde derives refuse the whole message (`duplicate field`). Different clients then see different server fields, or none.",
        advice: "Write each key once; if the text is generated, find where two writers add the same key.",
        message: "server: key `{subject}` is written {detail} in one object (readers keep the last value, the first, or refuse the text)",
    }
    // ---- MCP surface: end ----
}
