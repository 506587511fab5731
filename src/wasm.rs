//! The wasm32 boundary: decodes JS values, calls the engine, encodes results. Nothing else.
//!
//! Snapshots and config may be strings or UTF-8 bytes (JSON or YAML text) or plain objects;
//! objects are stringified with `JSON.stringify` so both paths parse the same way. Results are plain JS
//! objects made with `JSON.parse`, so they never contain `Map`s and match native bytes.

use crate::load::error::{Error, Input, Position};
use crate::pipeline::RunOptions;
use crate::policy::config::Threshold;
use crate::render::Format;
use js_sys::{Object, Reflect, Uint8Array, JSON};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// The engine version.
#[wasm_bindgen]
pub fn version() -> String {
    crate::report::VERSION.to_string()
}

/// Every rule with its default severity, decided-by, summary and message template. Its `why` and
/// `advice` and the example pairs are not in the module: the npm package joins them from
/// `js/rule-docs.json` and `js/rule-examples.json`.
#[wasm_bindgen]
pub fn rules() -> Result<JsValue, JsValue> {
    JSON::parse(&crate::rules::catalogue_json())
}

/// `text` with invisible, direction-changing and control characters replaced by visible escapes
/// (`⟨U+202E⟩`), as every report shows names and messages: for front ends that display other
/// server-controlled text (pointers, values, snapshot text).
#[wasm_bindgen]
pub fn visible(text: &str) -> String {
    crate::util::hidden::visible(text).into_owned()
}

/// The canonical id of a rule id or retired alias; `undefined` when unknown.
#[wasm_bindgen(js_name = resolveRule)]
pub fn resolve_rule(id: &str) -> Option<String> {
    crate::rules::RuleId::from_id(id).map(|rule| rule.as_str().to_string())
}

/// The word a mistyped one meant, for "did you mean": among `known` when given (the CLI's
/// command names), else among the rule ids; `undefined` when none is clearly meant. One
/// judgement for both (`util::meant::closest`).
#[wasm_bindgen(js_name = didYouMean)]
pub fn did_you_mean(typed: &str, known: Option<Vec<String>>) -> Option<String> {
    match known {
        Some(words) => {
            let words: Vec<&str> = words.iter().map(String::as_str).collect();
            crate::util::meant::closest(typed, &words).map(str::to_string)
        }
        None => crate::rules::did_you_mean(typed).map(str::to_string),
    }
}

/// The threshold a near-miss spelling of one means (`breaking` → `BREAKING`, `None` → `none`),
/// for the CLI's "did you mean"; `undefined` when it is no near miss. Spelling stays exact.
#[wasm_bindgen(js_name = thresholdMeant)]
pub fn threshold_meant(text: &str) -> Option<String> {
    Threshold::meant_by(text).map(|threshold| threshold.as_str().to_string())
}

/// Diffs two snapshots: the one diff of the module. `options` (all optional): `failOn`,
/// `warnOn` (threshold names), `notes` (`{[changeId]: string}`), `newPath`, `oldPath` (`oldPath`
/// without `newPath`: annotations name the OLD file, at its lines), `expand` (every change on its
/// own line in text and Markdown), `hideWitnesses` (no witness lines in text, Markdown and
/// JUnit; JSON and SARIF keep them), `oldVersion` and `newVersion` (both: the semver gate decides
/// the verdict), `ruleDocs` (the text of `js/rule-docs.json`: SARIF's rule help, which the module
/// does not hold), `groups` and `renders`.
///
/// Without `renders`: the report object (`crate::report::Report` in its JSON form); with
/// `groups: true` it also carries `groups`, the groups of alike `changes` that the text and
/// Markdown reports show as one line (`[{ start, count, indices, headline, listing }]`,
/// `crate::render::Run`; none with `expand`), for a front end that lays the report out itself:
/// `indices` are the group's changes, which need not be neighbours; its line stands at `start`,
/// the first of them, and the others are not listed on their own. With `renders` (`[{ format, color?,
/// jobSummary? }]`): `{ verdict, outputs: Uint8Array[] }`, an output per entry as UTF-8 bytes,
/// all from one diff; `jobSummary: true` (format `markdown`) sizes the Markdown for a GitHub job
/// summary, and (format `github`) says the run writes one, so the notice for the annotations
/// GitHub has no room for points to it (without: to the Markdown report). Bytes, because the
/// CLI writes them to stdout or a file as they are: made a JS string, a report with any
/// non-ASCII character (the engine's own quotes are) costs Node 20 about 1 ms per 150 KB to
/// decode, then as much again to encode on its way out.
#[wasm_bindgen]
pub fn diff(old: JsValue, new: JsValue, config: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
    let run = run_options(&options).map_err(to_js_error)?;
    let renders = match option(&options, "renders") {
        None => None,
        Some(renders) => Some(render_list(&renders).map_err(to_js_error)?),
    };
    let (old_text, new_text, config_text) = texts(&old, &new, &config)?;
    let prepared = crate::pipeline::prepare(&old_text, &new_text, config_text.as_deref(), &run)
        .map_err(|error| to_js_error(placed(error, [&old, &new, &config])))?;
    let Some(renders) = renders else {
        let report = JSON::parse(&prepared.render(Format::Json, false))?;
        if get_bool(&options, "groups") {
            let runs = crate::render::runs(&prepared.report.changes, run.expand);
            Reflect::set(&report, &"groups".into(), &JSON::parse(&crate::render::runs_json(&runs))?)?;
        }
        return Ok(report);
    };
    rendered(&prepared, renders)
}

/// `{ verdict, outputs }`: each of `renders` as UTF-8 bytes, from one prepared diff.
fn rendered(prepared: &crate::pipeline::Prepared<'_>, renders: Vec<RenderRequest>) -> Result<JsValue, JsValue> {
    let outputs = js_sys::Array::new();
    for request in renders {
        let text = match (request.job_summary, request.format) {
            (true, Format::Github) => prepared.render_github_beside_job_summary(),
            (true, _) => prepared.render_job_summary(),
            (false, format) => prepared.render(format, request.color),
        };
        outputs.push(&Uint8Array::from(text.as_bytes()));
    }
    let result = Object::new();
    Reflect::set(&result, &"outputs".into(), &outputs)?;
    Reflect::set(&result, &"verdict".into(), &prepared.report.summary.verdict.as_str().into())?;
    Ok(result.into())
}

/// One diff kept between calls, for the semantic pass: the CLI reads its report, asks a model
/// about the prose changes (which takes seconds and cannot run inside a call), then renders the
/// same diff with the notes attached, instead of diffing the snapshots a second time.
#[wasm_bindgen]
pub struct PreparedDiff(crate::pipeline::Prepared<'static>);

#[wasm_bindgen]
impl PreparedDiff {
    /// The report object, as `diff` without `renders` returns it.
    pub fn report(&self) -> Result<JsValue, JsValue> {
        JSON::parse(&self.0.render(Format::Json, false))
    }

    /// Attaches `notes` (`{[changeId]: string}`, as `diff`'s option) and renders `renders`:
    /// `{ verdict, outputs }`, as `diff` with `renders` returns it.
    pub fn render(&mut self, notes: JsValue, renders: JsValue) -> Result<JsValue, JsValue> {
        let notes = notes_from(&notes).map_err(to_js_error)?;
        let renders = render_list(&renders).map_err(to_js_error)?;
        self.0.attach_notes(&notes);
        rendered(&self.0, renders)
    }
}

/// `diff` kept for rendering later (`options` as `diff`'s, without `renders`): see [`PreparedDiff`].
#[wasm_bindgen(js_name = prepareDiff)]
pub fn prepare_diff(old: JsValue, new: JsValue, config: JsValue, options: JsValue) -> Result<PreparedDiff, JsValue> {
    let run = run_options(&options).map_err(to_js_error)?;
    let (old_text, new_text, config_text) = texts(&old, &new, &config)?;
    let prepared = crate::pipeline::prepare(&old_text, &new_text, config_text.as_deref(), &run)
        .map_err(|error| to_js_error(placed(error, [&old, &new, &config])))?;
    Ok(PreparedDiff(prepared.into_owned()))
}

/// The engine's vocabulary: `{ severities: [{ id, words, color }], thresholds, formats,
/// snapshot: { format, serverFields, sections: [{ field, key, method, capability, words }] } }`
/// (`src/meta.rs`), so that front ends spell none of it out again.
#[wasm_bindgen]
pub fn meta() -> Result<JsValue, JsValue> {
    JSON::parse(&crate::meta::meta_json())
}

/// The changes of `report` (the object `diff` returns) whose severity the prose classifier
/// decides: what the semantic pass asks a language model about. The same objects, in order.
#[wasm_bindgen(js_name = proseChanges)]
pub fn prose_changes(report: JsValue) -> js_sys::Array {
    let Some(changes) = option(&report, "changes").and_then(|c| c.dyn_into::<js_sys::Array>().ok()) else {
        return js_sys::Array::new();
    };
    changes
        .iter()
        .filter(|change| {
            option(change, "rule")
                .and_then(|rule| rule.as_string())
                .is_some_and(|id| crate::rules::decided_by_prose(&id))
        })
        .collect()
}

/// A model's answer `raw` (`{[changeId]: note}`) cleaned for the changes asked about (`ids`, in
/// that order): string notes only, each flattened to one line and shortened as a report carries
/// it (`notes::flatten`); every other key and value is dropped.
#[wasm_bindgen(js_name = cleanNotes)]
pub fn clean_notes(raw: JsValue, ids: JsValue) -> Object {
    let notes = Object::new();
    let (Some(raw), Some(ids)) = (raw.dyn_ref::<Object>(), ids.dyn_ref::<js_sys::Array>()) else {
        return notes;
    };
    for id in ids.iter().filter(|id| id.is_string() && Object::has_own(raw, id)) {
        let Some(note) = Reflect::get(raw, &id).ok().and_then(|note| note.as_string()) else { continue };
        let note = crate::report::notes::flatten(&note);
        if !note.is_empty() {
            let _ = Reflect::set(&notes, &id, &note.into());
        }
    }
    notes
}

/// The semver gate over a report (object or JSON text) and two version strings: returns
/// `{ ok, old, new, required, actual, cause, rule, message }` (bumps: "none"|"patch"|"minor"|"major";
/// `cause`: `{ id, rule, severity, message }` of the change that requires the bump, or null).
#[wasm_bindgen(js_name = semverCheck)]
pub fn semver_check(report: JsValue, old_version: JsValue, new_version: JsValue) -> Result<JsValue, JsValue> {
    let text = text_of(&report, Input::Options)?;
    let version = |value: &JsValue, which: &str| {
        value.as_string().ok_or_else(|| {
            to_js_error(Error::unpositioned(
                Input::Options,
                format!("the {which} version is not a string"),
                "Pass versions as strings such as \"1.4.0\"",
            ))
        })
    };
    let (old_version, new_version) = (version(&old_version, "old")?, version(&new_version, "new")?);
    let value: crate::util::value::Value = crate::util::json_read::from_str(&text).map_err(|e| {
        to_js_error(Error::unpositioned(
            Input::Options,
            format!("the report is not JSON ({e})"),
            "Pass the report of `diff`",
        ))
    })?;
    let check = crate::policy::semver::check_json(&value, &old_version, &new_version).map_err(|message| {
        to_js_error(Error::unpositioned(Input::Options, message, "Use MAJOR.MINOR.PATCH versions"))
    })?;
    // Through its text, as the report's `semver` member is written.
    let mut text = crate::util::value::write::Writer::compact();
    check.write(&mut text);
    let text = text.finish();
    let mut result = crate::util::json_read::from_str(&text).unwrap_or_default();
    let rule = check.cause.as_ref().map(|cause| cause.rule.clone());
    if let Some(object) = result.as_object_mut() {
        object.insert("rule".to_string(), rule.into());
    }
    JSON::parse(&result.to_string())
}

/// `serverInfo.version` of a snapshot (JSON/YAML text or an object), or `undefined`.
#[wasm_bindgen(js_name = serverVersion)]
pub fn server_version(snapshot_text: JsValue) -> Option<String> {
    crate::policy::semver::server_version(&text_of(&snapshot_text, Input::Old).ok()?)
}

/// An error positioned in text made from the caller's object, placed in that object instead:
/// text parsing stops at 127 levels, and a line and column of text the caller never wrote help
/// nobody (`config at line 1, column 12` for `{ fail_on: "breaking" }`), so any other such error
/// loses its position and keeps the key path its message names (`config: fail_on: unknown
/// threshold …`). Only on this error path is the object walked.
fn placed(error: Error, inputs: [&JsValue; 3]) -> Error {
    let value = match error.input {
        Input::Old => inputs[0],
        Input::New => inputs[1],
        Input::Config => inputs[2],
        _ => return error,
    };
    let from_object = value.is_object() && value.dyn_ref::<Uint8Array>().is_none();
    if !from_object || !matches!(error.position, Position::LineColumn { .. }) {
        return error;
    }
    match too_deep(value) {
        Some(pointer) => nested_too_deep(error.input, pointer),
        None => Error { position: Position::Unknown, ..error },
    }
}

/// The two snapshots' texts and the config's, if any.
fn texts(old: &JsValue, new: &JsValue, config: &JsValue) -> Result<(String, String, Option<String>), JsValue> {
    let (old, new) = (text_of(old, Input::Old)?, text_of(new, Input::New)?);
    let config = if config.is_undefined() || config.is_null() { None } else { Some(text_of(config, Input::Config)?) };
    Ok((old, new, config))
}

fn text_of(value: &JsValue, input: Input) -> Result<String, JsValue> {
    if let Some(bytes) = value.dyn_ref::<Uint8Array>() {
        return crate::load::input::text_from_utf8(bytes.to_vec(), input).map_err(to_js_error);
    }
    if let Some(text) = value.as_string() {
        return Ok(text);
    }
    if value.is_object() {
        let text = JSON::stringify(value).map_err(|thrown| to_js_error(unconvertible(value, &thrown, input)))?;
        // `JSON.stringify` gives `undefined` for a value whose `toJSON` returns nothing.
        let text = text.as_string().ok_or_else(|| {
            to_js_error(Error::unpositioned(
                input,
                "has no JSON form (`JSON.stringify` gave `undefined`: a `toJSON` method returned nothing)",
                "Pass plain JSON data or a JSON/YAML string",
            ))
        })?;
        return Ok(text);
    }
    Err(to_js_error(Error::unpositioned(
        input,
        "is neither an object nor a string",
        "Pass a parsed object or JSON/YAML text",
    )))
}

/// The deepest nesting of an object passed in: what JSON text parsing accepts.
const OBJECT_DEPTH_LIMIT: usize = 127;

fn nested_too_deep(input: Input, pointer: String) -> Error {
    Error::at_pointer(
        input,
        pointer,
        format!("nests arrays and objects more than {OBJECT_DEPTH_LIMIT} levels deep"),
        "No MCP server's output nests this deep; check how the object was built",
    )
}

/// Why `JSON.stringify` threw, as the library's own error.
fn unconvertible(value: &JsValue, thrown: &JsValue, input: Input) -> Error {
    let hint = "Pass plain JSON data or a JSON/YAML string";
    let name = thrown.dyn_ref::<js_sys::Error>().map(|e| String::from(e.name())).unwrap_or_default();
    let message = thrown.dyn_ref::<js_sys::Error>().map(|e| String::from(e.message())).unwrap_or_default();
    if name == "RangeError" {
        // The stack ran out (nesting far past any limit) or the text would not fit in a string.
        return match too_deep(value) {
            Some(pointer) => nested_too_deep(input, pointer),
            None => Error::unpositioned(input, "is too large to convert to JSON text", hint),
        };
    }
    let what = if message.contains("BigInt") {
        "contains a BigInt, which JSON cannot represent"
    } else if message.contains("circular") {
        "contains a cycle (an object that refers back to itself), which JSON cannot represent"
    } else {
        "could not be converted to JSON (not plain data)"
    };
    Error::unpositioned(input, what, hint)
}

/// The JSON pointer of the first array or object (in `JSON.stringify`'s order) nested deeper
/// than [`OBJECT_DEPTH_LIMIT`], if any. Depth-first without recursion, bounded by a visit
/// budget: it runs only on objects the caller built, and on a cycle it meets the depth limit.
fn too_deep(root: &JsValue) -> Option<String> {
    const VISIT_BUDGET: usize = 1_000_000;
    // Each frame: a container, its keys (`None` for an array: indices), the next child, and the
    // token that led to it.
    struct Frame {
        value: JsValue,
        keys: Option<js_sys::Array>,
        length: u32,
        next: u32,
        token: String,
    }
    let open = |value: JsValue, token: String| -> Option<Frame> {
        if !value.is_object() || value.is_function() {
            return None;
        }
        if js_sys::Array::is_array(&value) {
            let length = js_sys::Array::from(&value).length();
            return Some(Frame { value, keys: None, length, next: 0, token });
        }
        let keys = Object::keys(value.unchecked_ref::<Object>());
        let length = keys.length();
        Some(Frame { value, keys: Some(keys), length, next: 0, token })
    };
    let mut stack = vec![open(root.clone(), String::new())?];
    let mut visits = 0;
    while let Some(frame) = stack.last_mut() {
        if frame.next == frame.length {
            stack.pop();
            continue;
        }
        visits += 1;
        if visits > VISIT_BUDGET {
            return None;
        }
        let index = frame.next;
        frame.next += 1;
        let (token, child) = match &frame.keys {
            Some(keys) => {
                let key = keys.get(index);
                let child = Reflect::get(&frame.value, &key).unwrap_or(JsValue::UNDEFINED);
                (key.as_string().unwrap_or_default(), child)
            }
            None => (index.to_string(), Reflect::get_u32(&frame.value, index).unwrap_or(JsValue::UNDEFINED)),
        };
        if let Some(child) = open(child, token) {
            stack.push(child);
            if stack.len() > OBJECT_DEPTH_LIMIT {
                let mut pointer = String::new();
                for frame in stack.iter().skip(1) {
                    crate::util::json::push_token(&mut pointer, &frame.token);
                }
                return Some(pointer);
            }
        }
    }
    None
}

/// `object[key]` unless it is missing, `undefined` or `null` (or `object` is not an object).
fn option(object: &JsValue, key: &str) -> Option<JsValue> {
    if !object.is_object() {
        return None;
    }
    Reflect::get(object, &key.into()).ok().filter(|value| !value.is_undefined() && !value.is_null())
}

fn get_string(options: &JsValue, key: &str) -> Result<Option<String>, Error> {
    let Some(value) = option(options, key) else { return Ok(None) };
    value.as_string().map(Some).ok_or_else(|| {
        Error::unpositioned(Input::Options, format!("`{key}` must be a string"), "Check the options object")
    })
}

fn get_bool(options: &JsValue, key: &str) -> bool {
    Reflect::get(options, &key.into()).ok().and_then(|v| v.as_bool()).unwrap_or(false)
}

fn parse_format(name: &str) -> Result<Format, Error> {
    Format::parse(name).ok_or_else(|| {
        let names: Vec<&str> = Format::ALL.iter().map(|f| f.as_str()).collect();
        Error::unpositioned(
            Input::Options,
            format!("unknown format `{name}`"),
            format!("Use one of: {}", names.join(", ")),
        )
    })
}

/// One entry of `renders` of `diff`.
struct RenderRequest {
    format: Format,
    color: bool,
    job_summary: bool,
}

/// `renders` of `diff`: `[{ format, color?, jobSummary? }]`.
fn render_list(renders: &JsValue) -> Result<Vec<RenderRequest>, Error> {
    let hint = "Pass renders as [{ format: \"text\", color: false }, …]";
    let Some(list) = renders.dyn_ref::<js_sys::Array>() else {
        return Err(Error::unpositioned(Input::Options, "`renders` is not an array", hint));
    };
    list.iter()
        .map(|entry| {
            let format = get_string(&entry, "format")?
                .ok_or_else(|| Error::unpositioned(Input::Options, "a `renders` entry has no `format`", hint))?;
            let request = RenderRequest {
                format: parse_format(&format)?,
                color: get_bool(&entry, "color"),
                job_summary: get_bool(&entry, "jobSummary"),
            };
            if request.job_summary && !matches!(request.format, Format::Markdown | Format::Github) {
                return Err(Error::unpositioned(
                    Input::Options,
                    "`jobSummary` applies to the markdown and github formats only",
                    hint,
                ));
            }
            Ok(request)
        })
        .collect()
}

fn run_options(options: &JsValue) -> Result<RunOptions, Error> {
    let mut run = RunOptions::default();
    if options.is_undefined() || options.is_null() {
        return Ok(run);
    }
    if option(options, "format").is_some() {
        return Err(Error::unpositioned(
            Input::Options,
            "`format` belongs in an entry of `renders`",
            "Pass renders: [{ format: \"markdown\" }] to render the report; without `renders`, diff returns the report object",
        ));
    }
    run.expand = get_bool(options, "expand");
    run.witnesses = !get_bool(options, "hideWitnesses");
    let threshold = |key: &str| -> Result<Option<Threshold>, Error> {
        match get_string(options, key)? {
            None => Ok(None),
            Some(text) => Threshold::parse(&text).map(Some).ok_or_else(|| {
                Error::unpositioned(
                    Input::Options,
                    Threshold::unknown(&format!("{key} value"), &text),
                    "Thresholds are spelt exactly as the severities are, or none",
                )
            }),
        }
    };
    run.fail_on = threshold("failOn")?;
    run.warn_on = threshold("warnOn")?;
    run.new_path = get_string(options, "newPath")?;
    run.old_path = get_string(options, "oldPath")?;
    run.notes = notes_of(options)?;
    if let Some(docs) = get_string(options, "ruleDocs")? {
        run.rule_docs = crate::rules::RuleDocs::parse(&docs)
            .map_err(|message| Error::unpositioned(Input::Options, message, "Pass the text of js/rule-docs.json"))?;
    }
    run.semver = match (get_string(options, "oldVersion")?, get_string(options, "newVersion")?) {
        (None, None) => None,
        (Some(old), Some(new)) => Some((old, new)),
        _ => {
            return Err(Error::unpositioned(
                Input::Options,
                "the semver gate needs both oldVersion and newVersion".to_string(),
                "Pass both versions, or neither",
            ))
        }
    };
    Ok(run)
}

/// `options.notes`: an object `{ changeId: note }`, read through JSON so it is plain data.
fn notes_of(options: &JsValue) -> Result<crate::report::notes::Notes, Error> {
    notes_from(&Reflect::get(options, &"notes".into()).unwrap_or(JsValue::UNDEFINED))
}

/// Notes given as a value (`{[changeId]: string}`, or nothing).
fn notes_from(value: &JsValue) -> Result<crate::report::notes::Notes, Error> {
    if value.is_undefined() || value.is_null() {
        return Ok(Default::default());
    }
    let bad =
        |message: String| Error::unpositioned(Input::Options, message, "Pass notes as { \"<change id>\": \"note\" }");
    let text = JSON::stringify(value)
        .ok()
        .and_then(|t| t.as_string())
        .ok_or_else(|| bad("`notes` is not plain data".into()))?;
    let parsed: crate::util::value::Value =
        crate::util::json_read::from_str(&text).map_err(|e| bad(format!("`notes`: {e}")))?;
    crate::report::notes::notes_from_json(&parsed).map_err(|message| bad(format!("`notes`: {message}")))
}

/// A JS `Error` whose message is the full sentence, with the parts as properties
/// (`input`, `pointer`, `line`, `column`, `hint`) for front ends that show errors inline.
fn to_js_error(error: Error) -> JsValue {
    let js = js_sys::Error::new(&error.to_string());
    let set = |key: &str, value: JsValue| {
        let _ = Reflect::set(&js, &key.into(), &value);
    };
    set("name", "McpContractError".into());
    set("input", error.input.key().into());
    // Prose for people, with hidden characters as visible escapes; `pointer` stays exact data.
    set("detail", crate::util::hidden::visible(&error.message).into_owned().into());
    set("hint", crate::util::hidden::visible(&error.hint).into_owned().into());
    match &error.position {
        Position::Pointer(p) => set("pointer", p.clone().into()),
        Position::LineColumn { line, column } => {
            set("line", (*line as u32).into());
            set("column", (*column as u32).into());
        }
        Position::Unknown => {}
    }
    js.into()
}
