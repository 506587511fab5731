//! Snapshot loading: every input shape (a full snapshot, a list result, an array of tools, a
//! JSON-RPC response around one) becomes one [`Snapshot`] whose entities remember their RFC 6901
//! pointer into the document as given, so findings can point back at it.
//!
//! Shapes: a full snapshot object (with or without the `format` marker), a bare list result
//! (`{"tools": [...], "nextCursor": …}`), a bare array of tools, a JSON-RPC response envelope
//! around any of these, and a capture keyed by method (`{"initialize": …, "tools/list": …}`,
//! each value a result, an envelope or an array of pages). Both protocol eras load: a legacy
//! `initialize` result (`protocolVersion`, `serverInfo`) and a 2026-07-28 `server/discover`
//! result (`supportedVersions`, serverInfo in `_meta["io.modelcontextprotocol/serverInfo"]`).

use crate::load::error::{Error, Input};
use crate::rules::finding::EntityKind;
use crate::util::index::{first, index};
use crate::util::json::{child_pointer, index_pointer, type_name};
use crate::util::value::{Map, Value};

/// The marker the CLI's `snapshot` command writes.
pub const FORMAT_MARKER: &str = "mcp-contract/snapshot@1";

/// The entity lists of a snapshot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SectionKind {
    Tools,
    Prompts,
    Resources,
    ResourceTemplates,
}

impl SectionKind {
    pub const ALL: [SectionKind; 4] =
        [SectionKind::Tools, SectionKind::Prompts, SectionKind::Resources, SectionKind::ResourceTemplates];

    /// The order of a canonical snapshot's sections and of a capture's list calls.
    pub const CANONICAL: [SectionKind; 4] =
        [SectionKind::Tools, SectionKind::Resources, SectionKind::ResourceTemplates, SectionKind::Prompts];

    /// The field that holds the list in a snapshot or list result.
    pub fn field(self) -> &'static str {
        match self {
            SectionKind::Tools => "tools",
            SectionKind::Prompts => "prompts",
            SectionKind::Resources => "resources",
            SectionKind::ResourceTemplates => "resourceTemplates",
        }
    }

    /// The identity key of an entity in this list.
    pub fn key_field(self) -> &'static str {
        match self {
            SectionKind::Tools | SectionKind::Prompts => "name",
            SectionKind::Resources => "uri",
            SectionKind::ResourceTemplates => "uriTemplate",
        }
    }

    pub fn entity_kind(self) -> EntityKind {
        match self {
            SectionKind::Tools => EntityKind::Tool,
            SectionKind::Prompts => EntityKind::Prompt,
            SectionKind::Resources => EntityKind::Resource,
            SectionKind::ResourceTemplates => EntityKind::ResourceTemplate,
        }
    }

    /// The server capability that announces this list.
    pub fn capability(self) -> &'static str {
        match self {
            SectionKind::Tools => "tools",
            SectionKind::Prompts => "prompts",
            SectionKind::Resources | SectionKind::ResourceTemplates => "resources",
        }
    }

    /// The list method whose result carries this section.
    pub fn list_method(self) -> &'static str {
        match self {
            SectionKind::Tools => "tools/list",
            SectionKind::Prompts => "prompts/list",
            SectionKind::Resources => "resources/list",
            SectionKind::ResourceTemplates => "resources/templates/list",
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// One tool, prompt, resource or template, with where it sits in the input.
#[derive(Debug)]
pub struct Entity<'a> {
    pub key: &'a str,
    pub pointer: String,
    pub fields: &'a Map<String, Value>,
}

/// Server-level fields that are compared when both snapshots carry them.
pub const SERVER_FIELDS: &[&str] =
    &["protocolVersion", "supportedVersions", "serverInfo", "capabilities", "instructions"];

/// Top-level fields that are known but never part of the contract: paging and caching hints,
/// the snapshot's format marker, and `capture` (how the CLI took the snapshot: transport and
/// handshake method), which is never compared.
const VOLATILE_FIELDS: &[&str] = &["nextCursor", "ttlMs", "cacheScope", "resultType", "_meta", "format", "capture"];

/// A loaded snapshot. Sections are `None` when the input does not carry them (not compared).
#[derive(Debug, Default)]
pub struct Snapshot<'a> {
    sections: [Option<Vec<Entity<'a>>>; 4],
    /// Server-level fields with their pointers; `None` when the input has no server part.
    pub server: Option<Vec<(&'static str, &'a Value, String)>>,
    /// Other fields of the server part (vendor keys of an initialize or discover result), with
    /// their pointers: compared as data when both snapshots have a server part.
    pub unmodelled_server: Vec<(&'a str, &'a Value, String)>,
}

impl<'a> Snapshot<'a> {
    /// The entities of a section, sorted by identity key, or `None` if the input lacks it.
    pub fn section(&self, kind: SectionKind) -> Option<&[Entity<'a>]> {
        self.sections[kind.index()].as_deref()
    }

    /// A server-level field (`capabilities`, `instructions`, …) with its pointer.
    pub fn server_field(&self, name: &str) -> Option<(&'a Value, &str)> {
        self.server.as_ref()?.iter().find(|(n, _, _)| *n == name).map(|(_, v, p)| (*v, p.as_str()))
    }

    /// Loads any supported shape. `input` names the side in errors.
    pub fn load(document: &'a Value, input: Input) -> Result<Snapshot<'a>, Error> {
        let mut loader = Loader { input, snapshot: Snapshot::default() };
        loader.document(document, String::new())?;
        loader.finish()
    }
}

struct Loader<'a> {
    input: Input,
    snapshot: Snapshot<'a>,
}

impl<'a> Loader<'a> {
    fn error(&self, pointer: &str, message: impl Into<String>, hint: impl Into<String>) -> Error {
        Error::at_pointer(self.input, pointer, message, hint)
    }

    fn document(&mut self, value: &'a Value, pointer: String) -> Result<(), Error> {
        match value {
            Value::Array(_) => self.list(SectionKind::Tools, value, pointer),
            Value::Object(map)
                if map.contains_key("jsonrpc")
                    || (map.contains_key("id") && (map.contains_key("result") || map.contains_key("error"))) =>
            {
                self.envelope(map, pointer, |loader, result, at| loader.document(result, at))
            }
            Value::Object(map) if map.keys().any(|k| k.contains('/') || k == "initialize") => {
                self.capture(map, pointer)
            }
            Value::Object(map) => self.full(map, pointer),
            other => Err(self.error(
                &pointer,
                format!("is {}, not an MCP snapshot", type_name(other)),
                "Pass a snapshot object, a tools/list result, an array of tools, or a JSON-RPC response around one",
            )),
        }
    }

    fn envelope(
        &mut self,
        map: &'a Map<String, Value>,
        pointer: String,
        then: impl FnOnce(&mut Self, &'a Value, String) -> Result<(), Error>,
    ) -> Result<(), Error> {
        if let Some(error) = map.get("error") {
            let detail = error.get("message").and_then(Value::as_str).unwrap_or("no message");
            return Err(self.error(
                &child_pointer(&pointer, "error"),
                format!("is a JSON-RPC error response ({detail}), not a result"),
                "Capture the snapshot again from a server that answers the request",
            ));
        }
        match map.get("result") {
            Some(result) => then(self, result, child_pointer(&pointer, "result")),
            None => Err(self.error(
                &pointer,
                "is a JSON-RPC message without a `result`",
                "Pass the response to a list or initialize request",
            )),
        }
    }

    /// `{"initialize": …, "tools/list": …}` as recorded by capture scripts.
    fn capture(&mut self, map: &'a Map<String, Value>, pointer: String) -> Result<(), Error> {
        for (method, value) in map {
            let at = child_pointer(&pointer, method);
            match method.as_str() {
                "initialize" | "server/discover" => self.unwrap_pages(value, at, &mut |loader, page, at| {
                    match page {
                        Value::Object(result) => loader.server_fields(result, &at),
                        other => Err(loader.error(&at, format!("is {}, expected an initialize or discover result object", type_name(other)), "Record the result object of the call")),
                    }
                })?,
                _ => match SectionKind::ALL.into_iter().find(|k| k.list_method() == method) {
                    Some(kind) => self.unwrap_pages(value, at, &mut |loader, page, at| match page {
                        Value::Object(result) => match result.get(kind.field()) {
                            Some(list) => loader.list(kind, list, child_pointer(&at, kind.field())),
                            None => Err(loader.error(&at, format!("has no `{}` list", kind.field()), format!("Record the full {method} result"))),
                        },
                        Value::Array(_) => loader.list(kind, page, at),
                        other => Err(loader.error(&at, format!("is {}, expected a {method} result", type_name(other)), "Record the result object of the call")),
                    })?,
                    None => {
                        return Err(self.error(
                            &at,
                            format!("`{method}` is not a method this engine reads from a capture"),
                            "Captures may hold initialize, server/discover, tools/list, prompts/list, resources/list and resources/templates/list",
                        ))
                    }
                },
            }
        }
        Ok(())
    }

    /// A captured result may be the result itself, an envelope, or an array of pages.
    fn unwrap_pages(
        &mut self,
        value: &'a Value,
        pointer: String,
        each: &mut dyn FnMut(&mut Self, &'a Value, String) -> Result<(), Error>,
    ) -> Result<(), Error> {
        match value {
            Value::Array(pages)
                if pages.iter().all(|p| p.is_object()) && !pages.is_empty() && pages.iter().all(is_page) =>
            {
                for (i, page) in pages.iter().enumerate() {
                    self.unwrap_pages(page, index_pointer(&pointer, i), each)?;
                }
                Ok(())
            }
            Value::Object(map) if map.contains_key("jsonrpc") => {
                self.envelope(map, pointer, |loader, result, at| loader.unwrap_pages(result, at, each))
            }
            _ => each(self, value, pointer),
        }
    }

    fn full(&mut self, map: &'a Map<String, Value>, pointer: String) -> Result<(), Error> {
        if let Some(format) = map.get("format") {
            if format.as_str() != Some(FORMAT_MARKER) {
                return Err(self.error(
                    &child_pointer(&pointer, "format"),
                    format!("declares format {format}, which this version does not read"),
                    format!("Use a snapshot written as `{FORMAT_MARKER}`, or upgrade mcp-contract"),
                ));
            }
        }
        let mut recognised = false;
        for kind in SectionKind::ALL {
            if let Some(list) = map.get(kind.field()) {
                recognised = true;
                self.list(kind, list, child_pointer(&pointer, kind.field()))?;
            }
        }
        if map.keys().any(|k| SERVER_FIELDS.contains(&k.as_str()))
            || map.contains_key("format")
            || meta_server_info(map).is_some()
        {
            recognised = true;
            self.server_fields(map, &pointer)?;
        }
        if !recognised {
            let known: Vec<&str> =
                SectionKind::ALL.iter().map(|k| k.field()).chain(SERVER_FIELDS.iter().copied()).collect();
            let found: Vec<&str> =
                map.keys().filter(|k| !VOLATILE_FIELDS.contains(&k.as_str())).map(String::as_str).take(5).collect();
            return Err(self.error(
                &pointer,
                if found.is_empty() {
                    "has none of the fields of an MCP snapshot".to_string()
                } else {
                    format!("has none of the fields of an MCP snapshot (found {})", found.join(", "))
                },
                format!("Expected at least one of: {}", known.join(", ")),
            ));
        }
        Ok(())
    }

    fn server_fields(&mut self, map: &'a Map<String, Value>, pointer: &str) -> Result<(), Error> {
        let fields = self.snapshot.server.get_or_insert_with(Vec::new);
        for name in SERVER_FIELDS {
            if let Some(value) = map.get(name) {
                if let Some(existing) = fields.iter().find(|(n, _, _)| n == name) {
                    return Err(Error::at_pointer(
                        self.input,
                        child_pointer(pointer, name),
                        format!("repeats the server field `{name}` (also at {})", existing.2),
                        "Keep one initialize or discover result per snapshot",
                    ));
                }
                fields.push((name, value, child_pointer(pointer, name)));
            }
        }
        // 2026-07-28 results carry the server's identity in `_meta` instead of `serverInfo`.
        if let Some(info) = meta_server_info(map) {
            if !fields.iter().any(|(n, _, _)| *n == "serverInfo") {
                let at = child_pointer(&child_pointer(pointer, "_meta"), META_SERVER_INFO);
                fields.push(("serverInfo", info, at));
            }
        }
        let extras = &mut self.snapshot.unmodelled_server;
        // Keys of one object are unique, so only earlier server parts can repeat one: an index of
        // those, not a scan per key (a server part may carry any number of vendor keys).
        let earlier = index(extras.iter().map(|(name, _, _)| *name));
        for (key, value) in map {
            let known = SERVER_FIELDS.contains(&key.as_str())
                || VOLATILE_FIELDS.contains(&key.as_str())
                || SectionKind::ALL.iter().any(|kind| kind.field() == key);
            if !known && first(&earlier, key).is_none() {
                extras.push((key.as_str(), value, child_pointer(pointer, key)));
            }
        }
        Ok(())
    }

    fn list(&mut self, kind: SectionKind, value: &'a Value, pointer: String) -> Result<(), Error> {
        let Value::Array(items) = value else {
            return Err(self.error(
                &pointer,
                format!("`{}` is {}, not an array", kind.field(), type_name(value)),
                format!("`{}` must be an array of {} objects", kind.field(), kind.entity_kind().as_str()),
            ));
        };
        let key_field = kind.key_field();
        let input = self.input;
        let section = self.snapshot.sections[kind.index()].get_or_insert_with(Vec::new);
        for (i, item) in items.iter().enumerate() {
            let at = index_pointer(&pointer, i);
            let Value::Object(fields) = item else {
                return Err(Error::at_pointer(
                    input,
                    at,
                    format!("a {} entry is {}, not an object", kind.entity_kind().as_str(), type_name(item)),
                    format!("Every entry of `{}` must be an object", kind.field()),
                ));
            };
            let key = match fields.get(key_field) {
                Some(Value::String(key)) => key.as_str(),
                Some(other) => {
                    return Err(Error::at_pointer(
                        input,
                        child_pointer(&at, key_field),
                        format!("`{key_field}` is {}, not a string", type_name(other)),
                        format!("Give every {} a string `{key_field}`", kind.entity_kind().as_str()),
                    ))
                }
                None => {
                    return Err(Error::at_pointer(
                        input,
                        at,
                        format!("a {} has no `{key_field}`", kind.entity_kind().as_str()),
                        format!("Give every {} a string `{key_field}`", kind.entity_kind().as_str()),
                    ))
                }
            };
            if kind == SectionKind::Tools {
                for schema_field in ["inputSchema", "outputSchema"] {
                    if let Some(schema) = fields.get(schema_field) {
                        // `null` is what Go servers marshal for a nil schema; it loads as absent.
                        if !matches!(schema, Value::Object(_) | Value::Bool(_) | Value::Null) {
                            return Err(Error::at_pointer(
                                input,
                                child_pointer(&at, schema_field),
                                format!("`{schema_field}` of tool `{key}` is {}, not a JSON Schema", type_name(schema)),
                                "A schema must be an object or a boolean",
                            ));
                        }
                    }
                }
            }
            section.push(Entity { key, pointer: at, fields });
        }
        Ok(())
    }

    fn finish(mut self) -> Result<Snapshot<'a>, Error> {
        for kind in SectionKind::ALL {
            if let Some(section) = self.snapshot.sections[kind.index()].as_mut() {
                // Stable sort keeps input order among duplicates, so the error names the later one.
                crate::util::order::sort_stable_by(section, |a, b| a.key.cmp(b.key));
                if let Some(pair) = section.windows(2).find(|w| w[0].key == w[1].key) {
                    let (first, second) = (&pair[0], &pair[1]);
                    let (first, second) = if first.pointer.len() < second.pointer.len()
                        || (first.pointer.len() == second.pointer.len() && first.pointer < second.pointer)
                    {
                        (first, second)
                    } else {
                        (second, first)
                    };
                    return Err(Error::at_pointer(
                        self.input,
                        second.pointer.clone(),
                        format!(
                            "duplicate {} {} `{}` (first at {})",
                            kind.entity_kind().as_str(),
                            kind.key_field(),
                            second.key,
                            first.pointer
                        ),
                        format!("Each {} must be unique within a snapshot", kind.key_field()),
                    ));
                }
            }
        }
        Ok(self.snapshot)
    }
}

/// Where 2026-07-28 results (`server/discover`, list results) put the server's identity.
pub const META_SERVER_INFO: &str = "io.modelcontextprotocol/serverInfo";

fn meta_server_info(map: &Map<String, Value>) -> Option<&Value> {
    map.get("_meta")?.get(META_SERVER_INFO)
}

/// An element of a page array looks like a list or initialize result, not like a tool.
fn is_page(value: &Value) -> bool {
    value.as_object().is_some_and(|m| {
        m.contains_key("jsonrpc")
            || SectionKind::ALL.iter().any(|k| m.contains_key(k.field()))
            || SERVER_FIELDS.iter().any(|f| m.contains_key(f))
    })
}

#[cfg(test)]
mod tests;
