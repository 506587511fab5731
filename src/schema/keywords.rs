//! The engine's one table of JSON Schema keywords: every keyword of drafts 4, 6, 7, 2019-09 and
//! 2020-12 with the drafts that define it, its kind, the shape of its value and its variance
//! (how a change to it moves the accepted instance set). The normaliser reads the shapes (which
//! values are subschemas to normalise, which are data), the walk reads the variances (which
//! family judges a constraint, which rule reports an annotation) and the catch-all reads whether
//! a keyword is standard, so a keyword cannot be known to one of them and unknown to another.
//! Sources: the drafts' meta-schemas (`json-schema-org/json-schema-spec`, branches `draft-04` …
//! `2020-12`).

use super::rules::{Family, Fixed};

/// A set of drafts, one bit each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Drafts(u8);

impl Drafts {
    pub const D4: Drafts = Drafts(1);
    pub const D6: Drafts = Drafts(2);
    pub const D7: Drafts = Drafts(4);
    pub const D2019: Drafts = Drafts(8);
    pub const D2020: Drafts = Drafts(16);
    const ALL: Drafts = Drafts(31);
    /// Draft-06 onwards.
    const FROM_6: Drafts = Drafts(30);
    const FROM_7: Drafts = Drafts(28);
    const FROM_2019: Drafts = Drafts(24);
    /// Up to 2019-09 (replaced in 2020-12).
    const TO_2019: Drafts = Drafts(15);

    pub fn contains(self, draft: Drafts) -> bool {
        self.0 & draft.0 == draft.0
    }

    /// The drafts' names, oldest first.
    pub fn names(self) -> Vec<&'static str> {
        const NAMES: [(Drafts, &str); 5] = [
            (Drafts::D4, "draft-04"),
            (Drafts::D6, "draft-06"),
            (Drafts::D7, "draft-07"),
            (Drafts::D2019, "2019-09"),
            (Drafts::D2020, "2020-12"),
        ];
        NAMES.iter().filter(|(d, _)| self.contains(*d)).map(|(_, name)| *name).collect()
    }
}

/// What a keyword does, in the vocabularies' own terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Asserts something of the instance itself.
    Validation,
    /// Applies subschemas to the instance or its parts.
    Applicator,
    /// Names a schema resource or a place in it (`$id`, `$anchor`).
    Identifier,
    /// Refers to another schema.
    Reference,
    /// Holds reusable subschemas that apply only through references (`$defs`).
    Container,
    /// Informs readers; never changes which instances validate.
    Annotation,
}

/// How a keyword's value is written, which tells the normaliser what to normalise inside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A plain value (number, string, string list…).
    Value,
    /// Data compared as JSON (`enum`, `const`, `default`, `examples`): never a schema, and a
    /// `$defs` key inside it is not a definition.
    Data,
    /// One subschema.
    Schema,
    /// A list of subschemas.
    SchemaList,
    /// A map from names (or patterns) to subschemas.
    SchemaMap,
    /// One subschema or, in drafts up to 2019-09, a list of them (`items`).
    SchemaOrList,
    /// A map whose entries are subschemas or name lists (draft-07 `dependencies`).
    Dependencies,
}

/// How a change to the keyword is judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variance {
    /// A constraint: adding or tightening it narrows the accepted set; the family's rules name
    /// the direction (input narrowed / output widened break callers).
    Constraint(Family),
    /// Object structure judged name by name (`properties`, `required`): property added,
    /// removed, made required or optional.
    Structure,
    /// Refers to a schema: compared after it is inlined; one that cannot be inlined is
    /// compared by its text (`ref.changed`).
    Reference,
    /// Names a schema for references to follow: the schemas are compared after resolution, and
    /// a changed name is reported on its own (`identifier.changed`).
    Identifier,
    /// Resolved through the dynamic scope: a changed one cannot be judged (`ref.changed`).
    Dynamic,
    /// Holds definitions: judged through the `$ref`s that reach them, alone when none does.
    Container,
    /// An annotation: its own rule, never above POTENTIALLY_BREAKING.
    Annotation(Fixed),
    /// No effect in a tool schema (`$vocabulary` belongs to meta-schemas).
    Inert,
}

/// The kind of instance a keyword constrains; it passes every other kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Instance {
    Any,
    Number,
    String,
    Array,
    Object,
}

/// One keyword's entry.
#[derive(Clone, Copy, Debug)]
pub struct Keyword {
    pub name: &'static str,
    pub drafts: Drafts,
    pub kind: Kind,
    pub shape: Shape,
    pub instance: Instance,
    pub variance: Variance,
}

const fn kw(
    name: &'static str,
    drafts: Drafts,
    kind: Kind,
    shape: Shape,
    instance: Instance,
    variance: Variance,
) -> Keyword {
    Keyword { name, drafts, kind, shape, instance, variance }
}

use Instance::{Any, Array, Number, Object, String as Str};
use Kind::{Annotation, Applicator, Container, Identifier, Reference, Validation};
use Shape::{Data, Dependencies, Schema, SchemaList, SchemaMap, SchemaOrList, Value};
use Variance::Constraint as C;

/// Every standard keyword, sorted by name (a test keeps it sorted).
pub static KEYWORDS: &[Keyword] = ALL;

/// [`KEYWORDS`], as a constant that [`by_hash`] can place at compile time.
const ALL: &[Keyword] = &[
    kw("$anchor", Drafts::FROM_2019, Identifier, Value, Any, Variance::Identifier),
    kw("$comment", Drafts::FROM_7, Annotation, Value, Any, Variance::Annotation(Fixed::CommentChanged)),
    kw("$defs", Drafts::FROM_2019, Container, SchemaMap, Any, Variance::Container),
    kw("$dynamicAnchor", Drafts::D2020, Identifier, Value, Any, Variance::Dynamic),
    kw("$dynamicRef", Drafts::D2020, Reference, Value, Any, Variance::Dynamic),
    kw("$id", Drafts::FROM_6, Identifier, Value, Any, Variance::Identifier),
    kw("$recursiveAnchor", Drafts::D2019, Identifier, Value, Any, Variance::Dynamic),
    kw("$recursiveRef", Drafts::D2019, Reference, Value, Any, Variance::Dynamic),
    kw("$ref", Drafts::ALL, Reference, Value, Any, Variance::Reference),
    kw("$schema", Drafts::ALL, Annotation, Value, Any, Variance::Annotation(Fixed::DialectChanged)),
    kw("$vocabulary", Drafts::FROM_2019, Annotation, Value, Any, Variance::Inert),
    // Draft-07 tuples: rewritten into `prefixItems` + `items` before comparison.
    kw("additionalItems", Drafts::TO_2019, Applicator, Schema, Array, C(Family::Subschema)),
    kw("additionalProperties", Drafts::ALL, Applicator, Schema, Object, C(Family::AdditionalProperties)),
    kw("allOf", Drafts::ALL, Applicator, SchemaList, Any, C(Family::AllOf)),
    kw("anyOf", Drafts::ALL, Applicator, SchemaList, Any, C(Family::AnyOf)),
    // Folded into `enum` (`const: v` ≡ `enum: [v]`).
    kw("const", Drafts::FROM_6, Validation, Data, Any, C(Family::Enum)),
    kw("contains", Drafts::FROM_6, Applicator, Schema, Array, C(Family::Contains)),
    kw("contentEncoding", Drafts::FROM_7, Annotation, Value, Str, Variance::Annotation(Fixed::ContentChanged)),
    kw("contentMediaType", Drafts::FROM_7, Annotation, Value, Str, Variance::Annotation(Fixed::ContentChanged)),
    // A schema for the decoded content that validators never apply: compared as data.
    kw("contentSchema", Drafts::FROM_2019, Annotation, Data, Str, Variance::Annotation(Fixed::ContentChanged)),
    kw("default", Drafts::ALL, Annotation, Data, Any, Variance::Annotation(Fixed::DefaultChanged)),
    // Still in the 2019-09 and 2020-12 meta-schemas, for compatibility.
    kw("definitions", Drafts::ALL, Container, SchemaMap, Any, Variance::Container),
    // Split into `dependentRequired` and `dependentSchemas` before comparison.
    kw("dependencies", Drafts::ALL, Applicator, Dependencies, Object, C(Family::DependentSchemas)),
    kw("dependentRequired", Drafts::FROM_2019, Validation, Value, Object, C(Family::DependentRequired)),
    kw("dependentSchemas", Drafts::FROM_2019, Applicator, SchemaMap, Object, C(Family::DependentSchemas)),
    kw("deprecated", Drafts::FROM_2019, Annotation, Value, Any, Variance::Annotation(Fixed::DeprecatedAdded)),
    kw("description", Drafts::ALL, Annotation, Value, Any, Variance::Annotation(Fixed::DescriptionChanged)),
    kw("else", Drafts::FROM_7, Applicator, Schema, Any, C(Family::Conditional)),
    kw("enum", Drafts::ALL, Validation, Data, Any, C(Family::Enum)),
    kw("examples", Drafts::FROM_6, Annotation, Data, Any, Variance::Annotation(Fixed::ExamplesChanged)),
    kw("exclusiveMaximum", Drafts::ALL, Validation, Value, Number, C(Family::Range)),
    kw("exclusiveMinimum", Drafts::ALL, Validation, Value, Number, C(Family::Range)),
    // An annotation in 2020-12 unless format-assertion is on, but MCP clients assert it in
    // practice (the TypeScript SDK validates formats), so it is judged as a constraint.
    kw("format", Drafts::ALL, Validation, Value, Str, C(Family::Format)),
    kw("id", Drafts::D4, Identifier, Value, Any, Variance::Identifier),
    kw("if", Drafts::FROM_7, Applicator, Schema, Any, C(Family::Conditional)),
    kw("items", Drafts::ALL, Applicator, SchemaOrList, Array, C(Family::Subschema)),
    kw("maxContains", Drafts::FROM_2019, Validation, Value, Array, C(Family::ContainsCount)),
    kw("maxItems", Drafts::ALL, Validation, Value, Array, C(Family::ItemCount)),
    kw("maxLength", Drafts::ALL, Validation, Value, Str, C(Family::Length)),
    kw("maxProperties", Drafts::ALL, Validation, Value, Object, C(Family::PropertyCount)),
    kw("maximum", Drafts::ALL, Validation, Value, Number, C(Family::Range)),
    kw("minContains", Drafts::FROM_2019, Validation, Value, Array, C(Family::ContainsCount)),
    kw("minItems", Drafts::ALL, Validation, Value, Array, C(Family::ItemCount)),
    kw("minLength", Drafts::ALL, Validation, Value, Str, C(Family::Length)),
    kw("minProperties", Drafts::ALL, Validation, Value, Object, C(Family::PropertyCount)),
    kw("minimum", Drafts::ALL, Validation, Value, Number, C(Family::Range)),
    kw("multipleOf", Drafts::ALL, Validation, Value, Number, C(Family::MultipleOf)),
    kw("not", Drafts::ALL, Applicator, Schema, Any, C(Family::Not)),
    kw("oneOf", Drafts::ALL, Applicator, SchemaList, Any, C(Family::OneOf)),
    kw("pattern", Drafts::ALL, Validation, Value, Str, C(Family::Pattern)),
    kw("patternProperties", Drafts::ALL, Applicator, SchemaMap, Object, C(Family::PatternProperties)),
    kw("prefixItems", Drafts::D2020, Applicator, SchemaList, Array, C(Family::Subschema)),
    kw("properties", Drafts::ALL, Applicator, SchemaMap, Object, Variance::Structure),
    kw("propertyNames", Drafts::FROM_6, Applicator, Schema, Object, C(Family::PropertyNames)),
    kw("readOnly", Drafts::FROM_7, Annotation, Value, Any, Variance::Annotation(Fixed::ReadOnlyChanged)),
    kw("required", Drafts::ALL, Validation, Value, Object, Variance::Structure),
    kw("then", Drafts::FROM_7, Applicator, Schema, Any, C(Family::Conditional)),
    kw("title", Drafts::ALL, Annotation, Value, Any, Variance::Annotation(Fixed::TitleChanged)),
    kw("type", Drafts::ALL, Validation, Value, Any, C(Family::Type)),
    kw("unevaluatedItems", Drafts::FROM_2019, Applicator, Schema, Array, C(Family::UnevaluatedItems)),
    kw("unevaluatedProperties", Drafts::FROM_2019, Applicator, Schema, Object, C(Family::UnevaluatedProperties)),
    kw("uniqueItems", Drafts::ALL, Validation, Value, Array, C(Family::UniqueItems)),
    kw("writeOnly", Drafts::FROM_7, Annotation, Value, Any, Variance::Annotation(Fixed::WriteOnlyChanged)),
];

/// A keyword outside the drafts that a schema generator in use emits, with what it means to the
/// consumers that read it. None of them changes which instances a JSON Schema validator accepts;
/// each is judged by its meaning instead of falling to the catch-all (DESIGN.md §5a). Surveyed
/// from FastMCP 2.x/3.x, the Python SDK with pydantic 2, zod-to-json-schema, zod 4's
/// `toJSONSchema`, the TypeScript SDK, schemars and Gemini-style schemas; any other `x-…` key on
/// a validation path stays in the catch-all (unmodelled means breaking). `nullable` is read by
/// the normaliser (OpenAPI's spelling of a `null` type) and `x-mcp-header` by the tool pass.
#[derive(Clone, Copy, Debug)]
pub struct VendorKeyword {
    pub name: &'static str,
    /// Who emits it.
    pub origin: &'static str,
    /// What it tells the consumers that read it.
    pub meaning: &'static str,
    /// Its rule: an annotation rule it is a spelling of, or `VendorKeywordChanged`.
    pub rule: Fixed,
}

/// Sorted by name (a test keeps it sorted).
pub static VENDOR_KEYWORDS: &[VendorKeyword] = &[
    VendorKeyword {
        name: "discriminator",
        origin: "OpenAPI 3; pydantic 2 for `Field(discriminator=…)` unions",
        meaning:
            "which property picks the branch of the `oneOf` beside it; a hint for code generators and OpenAPI tools",
        rule: Fixed::VendorKeywordChanged,
    },
    VendorKeyword {
        name: "enumNames",
        origin: "legacy MCP elicitation (`LegacyTitledEnumSchema`); react-jsonschema-form",
        meaning: "display labels for the `enum` values, shown to users and models",
        rule: Fixed::VendorKeywordChanged,
    },
    VendorKeyword {
        name: "errorMessage",
        origin: "ajv-errors; zod-to-json-schema with `errorMessages`",
        meaning: "the messages a validator reports when a value is rejected",
        rule: Fixed::VendorKeywordChanged,
    },
    VendorKeyword {
        name: "example",
        origin: "OpenAPI 3.0",
        meaning: "a sample value (OpenAPI's singular `examples`)",
        rule: Fixed::ExamplesChanged,
    },
    VendorKeyword {
        name: "markdownDescription",
        origin: "zod-to-json-schema with `markdownDescription`; VS Code",
        meaning: "the description in Markdown, shown instead of `description` by editors",
        rule: Fixed::VendorKeywordChanged,
    },
    VendorKeyword {
        name: "propertyOrdering",
        origin: "Gemini structured output schemas",
        meaning: "the order in which a model generates the object's properties",
        rule: Fixed::VendorKeywordChanged,
    },
    VendorKeyword {
        name: "x-fastmcp-wrap-result",
        origin: "FastMCP 2.x/3.x output schemas",
        meaning: "`structuredContent` is the result wrapped as `{\"result\": …}`, which FastMCP clients unwrap",
        rule: Fixed::VendorKeywordChanged,
    },
];

/// The entry for a vendor keyword a generator in use emits; `None` for any other name.
pub fn vendor(name: &str) -> Option<&'static VendorKeyword> {
    VENDOR_KEYWORDS.binary_search_by(|k| k.name.cmp(name)).ok().map(|i| &VENDOR_KEYWORDS[i])
}

/// The entry for a standard keyword; `None` for anything else (vendor `x-…`, OpenAPI, future).
///
/// By hash, not by halving the sorted list: every key of every schema node is looked up (the
/// normaliser, the definitions search, the witness check), most probes of a binary search
/// compare names byte by byte, and the hash of a name's length and three of its bytes mostly
/// lands on the one keyword it can be, or on an empty slot.
pub fn lookup(name: &str) -> Option<&'static Keyword> {
    let mut slot = slot_of(name.as_bytes());
    loop {
        let entry = usize::from(BY_HASH[slot]);
        let keyword = ALL.get(entry.checked_sub(1)?)?;
        if keyword.name == name {
            return Some(keyword);
        }
        slot = (slot + 1) % SLOTS;
    }
}

/// Slots of the keyword hash: four times the keywords, so runs of taken slots stay short.
const SLOTS: usize = 256;

/// Each slot: a keyword's index in [`ALL`] plus one (0: empty), placed at its name's slot or
/// the first free one after it.
static BY_HASH: [u8; SLOTS] = by_hash();

/// A name's first slot: from its length and its first, middle and last bytes.
const fn slot_of(name: &[u8]) -> usize {
    let n = name.len();
    if n == 0 {
        return 0;
    }
    (n * 7 + name[0] as usize * 3 + name[n / 2] as usize * 11 + name[n - 1] as usize * 5) % SLOTS
}

const fn by_hash() -> [u8; SLOTS] {
    assert!(ALL.len() < 255 && ALL.len() * 2 < SLOTS);
    let mut table = [0u8; SLOTS];
    let mut i = 0;
    while i < ALL.len() {
        let mut slot = slot_of(ALL[i].name.as_bytes());
        while table[slot] != 0 {
            slot = (slot + 1) % SLOTS;
        }
        table[slot] = (i + 1) as u8;
        i += 1;
    }
    table
}

/// Whether a keyword only annotates (a node's merge keeps the outer one's value).
pub fn is_annotation(name: &str) -> bool {
    lookup(name).is_some_and(|k| k.kind == Kind::Annotation)
}

/// The shape of a keyword's value; unknown keywords are plain values.
pub fn shape(name: &str) -> Shape {
    lookup(name).map_or(Shape::Value, |k| k.shape)
}

/// Whether a keyword constrains only instances of one kind (so a branch made of such keywords
/// and `type` merges with a `{type: null}` sibling into one nullable node). `type` and `enum`
/// themselves count: the merge adds `null` to them.
/// `unevaluated*` are not: merged into the parent they would see the parent's evaluations.
pub fn is_type_local(name: &str) -> bool {
    matches!(name, "type" | "enum")
        || lookup(name).is_some_and(|k| {
            k.instance != Instance::Any
                && !matches!(k.variance, Variance::Constraint(Family::UnevaluatedItems | Family::UnevaluatedProperties))
        })
}

#[cfg(test)]
mod tests;
