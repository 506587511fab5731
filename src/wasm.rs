//! The wasm32 boundary: decodes JS values, calls the engine, encodes results. Nothing else.
//!
//! Snapshots and config may be strings or UTF-8 bytes (JSON or YAML text) or plain objects;
//! objects are stringified with `JSON.stringify` so both paths parse the same way. Results are plain JS
//! objects made with `JSON.parse`, so they never contain `Map`s and match native bytes.

use crate::error::{Error, Input, Position};
use crate::render::Format;
use crate::{RunOptions, Threshold};
use js_sys::{Object, Reflect, Uint8Array, JSON};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// The engine version.
#[wasm_bindgen]
pub fn version() -> String {
    crate::VERSION.to_string()
}

/// Every rule with its default severity, summary, why, advice and example pair.
#[wasm_bindgen]
pub fn rules() -> Result<JsValue, JsValue> {
    JSON::parse(&crate::rules::catalogue_json())
}

/// The canonical id of a rule id or retired alias; `undefined` when unknown.
#[wasm_bindgen(js_name = resolveRule)]
pub fn resolve_rule(id: &str) -> Option<String> {
    crate::RuleId::from_id(id).map(|rule| rule.as_str().to_string())
}

/// The closest rule id to a misspelt one (for "did you mean"); `undefined` when none is close.
#[wasm_bindgen(js_name = didYouMean)]
pub fn did_you_mean(id: &str) -> Option<String> {
    crate::rules::did_you_mean(id).map(str::to_string)
}

/// Diffs two snapshots; returns the report object of DESIGN.md §4.
#[wasm_bindgen]
pub fn diff(old: JsValue, new: JsValue, config: JsValue) -> Result<JsValue, JsValue> {
    let output = run(old, new, config, RunOptions { format: Format::Json, ..RunOptions::default() })?;
    JSON::parse(&output.output)
}

/// Diffs and renders in one call: returns `{ output: string, verdict: "fail"|"warn"|"pass" }`.
/// `options`: `{ format?: "text"|"json"|"markdown"|"sarif"|"github"|"junit", color?: boolean,
/// failOn?: string, warnOn?: string, notes?: {[changeId]: string}, newPath?: string }`.
#[wasm_bindgen(js_name = diffFormatted)]
pub fn diff_formatted(old: JsValue, new: JsValue, config: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
    let options = run_options(&options).map_err(to_js_error)?;
    let output = run(old, new, config, options)?;
    let result = Object::new();
    Reflect::set(&result, &"output".into(), &output.output.into())?;
    Reflect::set(&result, &"verdict".into(), &output.verdict.as_str().into())?;
    Ok(result.into())
}

/// Diffs once and renders several formats: returns `{ verdict, outputs: Uint8Array[] }`, an
/// output per entry of `renders` (`[{ format, color? }]`) as UTF-8 bytes. `options` as for
/// `diffFormatted`, whose `format` and `color` it does not use. The CLI prints one format and
/// may also write a report file and a job summary: one diff for all of them. Bytes, because the
/// CLI writes them to stdout or a file as they are: made a JS string, a report with any
/// non-ASCII character (the engine's own quotes are) costs Node 20 about 1 ms per 150 KB to
/// decode, then as much again to encode on its way out.
#[wasm_bindgen(js_name = diffRendered)]
pub fn diff_rendered(
    old: JsValue,
    new: JsValue,
    config: JsValue,
    options: JsValue,
    renders: JsValue,
) -> Result<JsValue, JsValue> {
    let options = run_options(&options).map_err(to_js_error)?;
    let renders = render_list(&renders).map_err(to_js_error)?;
    let (old, new, config) = texts(&old, &new, &config)?;
    let prepared = crate::prepare(&old, &new, config.as_deref(), &options).map_err(to_js_error)?;
    let outputs = js_sys::Array::new();
    for (format, color) in renders {
        outputs.push(&Uint8Array::from(prepared.render(format, color).as_bytes()));
    }
    let result = Object::new();
    Reflect::set(&result, &"outputs".into(), &outputs)?;
    Reflect::set(&result, &"verdict".into(), &prepared.report.summary.verdict.as_str().into())?;
    Ok(result.into())
}

/// The semver gate over a report (object or JSON text) and two version strings: returns
/// `{ ok, old, new, actual, required, rule, message }` (bumps: "none"|"patch"|"minor"|"major").
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
    let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
        to_js_error(Error::unpositioned(
            Input::Options,
            format!("the report is not JSON ({e})"),
            "Pass the report of `diff`",
        ))
    })?;
    let check = crate::semver::check_json(&value, &old_version, &new_version).map_err(|message| {
        to_js_error(Error::unpositioned(Input::Options, message, "Use MAJOR.MINOR.PATCH versions"))
    })?;
    let result = serde_json::json!({
        "ok": check.ok,
        "old": check.old.to_string(),
        "new": check.new.to_string(),
        "actual": check.actual.as_str(),
        "required": check.required.as_str(),
        "rule": check.rule,
        "message": check.message,
    });
    JSON::parse(&result.to_string())
}

/// `serverInfo.version` of a snapshot (JSON/YAML text or an object), or `undefined`.
#[wasm_bindgen(js_name = serverVersion)]
pub fn server_version(snapshot_text: JsValue) -> Option<String> {
    crate::semver::server_version(&text_of(&snapshot_text, Input::Old).ok()?)
}

fn run(old: JsValue, new: JsValue, config: JsValue, options: RunOptions) -> Result<crate::RunOutput, JsValue> {
    let (old, new, config) = texts(&old, &new, &config)?;
    crate::run(&old, &new, config.as_deref(), &options).map_err(to_js_error)
}

/// The two snapshots' texts and the config's, if any.
fn texts(old: &JsValue, new: &JsValue, config: &JsValue) -> Result<(String, String, Option<String>), JsValue> {
    let (old, new) = (text_of(old, Input::Old)?, text_of(new, Input::New)?);
    let config = if config.is_undefined() || config.is_null() { None } else { Some(text_of(config, Input::Config)?) };
    Ok((old, new, config))
}

fn text_of(value: &JsValue, input: Input) -> Result<String, JsValue> {
    if let Some(bytes) = value.dyn_ref::<Uint8Array>() {
        return crate::input::text_from_utf8(bytes.to_vec(), input).map_err(to_js_error);
    }
    if let Some(text) = value.as_string() {
        return Ok(text);
    }
    if value.is_object() {
        return JSON::stringify(value).map(String::from).map_err(|_| {
            to_js_error(Error::unpositioned(
                input,
                "could not be converted to JSON (cyclic or not plain data)",
                "Pass plain JSON data or a JSON/YAML string",
            ))
        });
    }
    Err(to_js_error(Error::unpositioned(
        input,
        "is neither an object nor a string",
        "Pass a parsed object or JSON/YAML text",
    )))
}

fn get_string(options: &JsValue, key: &str) -> Result<Option<String>, Error> {
    let value = Reflect::get(options, &key.into()).unwrap_or(JsValue::UNDEFINED);
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
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

/// `renders` of `diffRendered`: `[{ format, color? }]`.
fn render_list(renders: &JsValue) -> Result<Vec<(Format, bool)>, Error> {
    let hint = "Pass renders as [{ format: \"text\", color: false }, …]";
    let Some(list) = renders.dyn_ref::<js_sys::Array>() else {
        return Err(Error::unpositioned(Input::Options, "`renders` is not an array", hint));
    };
    list.iter()
        .map(|entry| {
            let format = get_string(&entry, "format")?
                .ok_or_else(|| Error::unpositioned(Input::Options, "a `renders` entry has no `format`", hint))?;
            Ok((parse_format(&format)?, get_bool(&entry, "color")))
        })
        .collect()
}

fn run_options(options: &JsValue) -> Result<RunOptions, Error> {
    let mut run = RunOptions::default();
    if options.is_undefined() || options.is_null() {
        return Ok(run);
    }
    if let Some(format) = get_string(options, "format")? {
        run.format = parse_format(&format)?;
    }
    run.color = get_bool(options, "color");
    let threshold = |key: &str| -> Result<Option<Threshold>, Error> {
        match get_string(options, key)? {
            None => Ok(None),
            Some(text) => Threshold::parse(&text).map(Some).ok_or_else(|| {
                Error::unpositioned(
                    Input::Options,
                    format!("unknown {key} value `{text}`"),
                    "Use BREAKING, POTENTIALLY_BREAKING, NON_BREAKING, DOCUMENTATION or none",
                )
            }),
        }
    };
    run.fail_on = threshold("failOn")?;
    run.warn_on = threshold("warnOn")?;
    run.new_path = get_string(options, "newPath")?;
    run.notes = notes_of(options)?;
    Ok(run)
}

/// `options.notes`: an object `{ changeId: note }`, read through JSON so it is plain data.
fn notes_of(options: &JsValue) -> Result<std::collections::BTreeMap<String, String>, Error> {
    let value = Reflect::get(options, &"notes".into()).unwrap_or(JsValue::UNDEFINED);
    if value.is_undefined() || value.is_null() {
        return Ok(Default::default());
    }
    let bad =
        |message: String| Error::unpositioned(Input::Options, message, "Pass notes as { \"<change id>\": \"note\" }");
    let text = JSON::stringify(&value)
        .ok()
        .and_then(|t| t.as_string())
        .ok_or_else(|| bad("`notes` is not plain data".into()))?;
    let parsed: serde_json::Value = serde_json::from_str(&text).map_err(|e| bad(format!("`notes`: {e}")))?;
    crate::notes::notes_from_json(&parsed).map_err(|message| bad(format!("`notes`: {message}")))
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
    set("detail", error.message.clone().into());
    set("hint", error.hint.clone().into());
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
