// Generated from src/rules/registry.rs by tests/generated.rs: do not edit.
// Run UPDATE_GENERATED=1 cargo test --test generated

/** Every rule id the engine can report. */
export type RuleId =
  | "tool.added"
  | "tool.description.changed"
  | "tool.field.changed"
  | "tool.input.keyword.unmodelled"
  | "tool.input.property.added"
  | "tool.input.property.removed"
  | "tool.input.required.added"
  | "tool.input.required.removed"
  | "tool.input.type.changed"
  | "tool.input.type.narrowed"
  | "tool.input.type.widened"
  | "tool.output.keyword.unmodelled"
  | "tool.output.property.added"
  | "tool.output.property.removed"
  | "tool.output.required.added"
  | "tool.output.required.removed"
  | "tool.output.schema.added"
  | "tool.output.schema.removed"
  | "tool.output.type.changed"
  | "tool.output.type.narrowed"
  | "tool.output.type.widened"
  | "tool.removed"
  | "tool.title.changed"
;
