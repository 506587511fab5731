//! Runs a composite action's steps as GitHub does: each `run` script with
//! `bash --noprofile --norc -eo pipefail`, after evaluating the `${{ }}` expressions of its `if`
//! and `env` and of the inputs' defaults (the subset `action.yml` uses: `inputs.*`, `steps.*.outputs.*`, `github.*`,
//! string literals, `==`, `!=`, `!`, `&&`, `||` and parentheses), with the GITHUB_OUTPUT,
//! GITHUB_ENV and GITHUB_STEP_SUMMARY files between steps. A step that fails ends the run.

use serde_yaml::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// What one run of the action left behind.
#[derive(Debug)]
pub struct ActionRun {
    /// The exit code of the step that failed, or 0.
    pub code: i32,
    /// The action's outputs, evaluated after the steps.
    pub outputs: BTreeMap<String, String>,
    /// Every step's standard output and error, in order (the job log).
    pub log: String,
    /// The job summary file's text.
    pub summary: String,
    /// What the steps added to the job's environment (GITHUB_ENV).
    pub env: BTreeMap<String, String>,
}

/// The contexts expressions read.
struct Contexts {
    inputs: BTreeMap<String, String>,
    steps: BTreeMap<String, BTreeMap<String, String>>,
    github: BTreeMap<String, String>,
}

/// Runs `action.yml` of `action_path` in `workdir` with `inputs`; `temp` is RUNNER_TEMP.
pub fn run_action(
    action_path: &Path,
    inputs: &[(&str, &str)],
    workdir: &Path,
    temp: &Path,
    env: &[(&str, &str)],
) -> ActionRun {
    let text = std::fs::read_to_string(action_path.join("action.yml")).expect("action.yml");
    let action: Value = serde_yaml::from_str(&text).expect("action.yml is YAML");
    let mut contexts = Contexts {
        inputs: BTreeMap::new(),
        steps: BTreeMap::new(),
        github: BTreeMap::from([("action_path".to_string(), action_path.display().to_string())]),
    };
    // `github.token` is the job's token, which a test passes as GITHUB_TOKEN.
    if let Some((_, token)) = env.iter().find(|(name, _)| *name == "GITHUB_TOKEN") {
        contexts.github.insert("token".to_string(), token.to_string());
    }
    let declared = action["inputs"].as_mapping().expect("inputs");
    for (name, spec) in declared {
        let name = name.as_str().expect("input name").to_string();
        // A default may be an expression (`${{ github.token }}`), evaluated as GitHub does.
        let default = interpolate(spec["default"].as_str().unwrap_or_default(), &contexts);
        contexts.inputs.insert(name, default);
    }
    for (name, value) in inputs {
        assert!(contexts.inputs.contains_key(*name), "input `{name}` is not declared in action.yml");
        contexts.inputs.insert(name.to_string(), value.to_string());
    }

    let summary_file = temp.join("step-summary.md");
    let env_file = temp.join("github-env");
    std::fs::write(&summary_file, "").expect("summary file");
    std::fs::write(&env_file, "").expect("env file");
    let mut job_env: BTreeMap<String, String> = BTreeMap::new();
    let mut log = String::new();
    let mut code = 0;
    for (index, step) in action["runs"]["steps"].as_sequence().expect("steps").iter().enumerate() {
        if let Some(condition) = step["if"].as_str() {
            if !truthy(&evaluate(strip_braces(condition), &contexts)) {
                continue;
            }
        }
        let script = step["run"].as_str().expect("every step is a run step");
        assert_eq!(step["shell"].as_str(), Some("bash"), "composite run steps need shell: bash");
        let script_file = temp.join(format!("step-{index}.sh"));
        std::fs::write(&script_file, script).expect("script file");
        let output_file = temp.join(format!("step-{index}-output"));
        std::fs::write(&output_file, "").expect("output file");
        let mut command = Command::new("bash");
        command
            .args(["--noprofile", "--norc", "-eo", "pipefail"])
            .arg(&script_file)
            .current_dir(workdir)
            .envs(env.iter().copied())
            .envs(&job_env)
            .env("RUNNER_TEMP", temp)
            .env("GITHUB_ACTION_PATH", action_path)
            .env("GITHUB_OUTPUT", &output_file)
            .env("GITHUB_ENV", &env_file)
            .env("GITHUB_STEP_SUMMARY", &summary_file);
        if let Some(step_env) = step["env"].as_mapping() {
            for (key, value) in step_env {
                let value = interpolate(value.as_str().unwrap_or_default(), &contexts);
                command.env(key.as_str().expect("env name"), value);
            }
        }
        let result = command.output().expect("bash runs");
        log.push_str(&String::from_utf8_lossy(&result.stdout));
        log.push_str(&String::from_utf8_lossy(&result.stderr));
        job_env.extend(key_values(&env_file));
        if let Some(id) = step["id"].as_str() {
            contexts.steps.insert(id.to_string(), key_values(&output_file));
        }
        code = result.status.code().unwrap_or(-1);
        if code != 0 {
            break;
        }
    }
    let mut outputs = BTreeMap::new();
    for (name, spec) in action["outputs"].as_mapping().into_iter().flatten() {
        let value = interpolate(spec["value"].as_str().unwrap_or_default(), &contexts);
        outputs.insert(name.as_str().expect("output name").to_string(), value);
    }
    let summary = std::fs::read_to_string(&summary_file).unwrap_or_default();
    ActionRun { code, outputs, log, summary, env: job_env }
}

/// `key=value` lines of a GITHUB_OUTPUT or GITHUB_ENV file.
fn key_values(file: &PathBuf) -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(file).unwrap_or_default();
    text.lines()
        .filter_map(|line| line.split_once('='))
        .map(|(key, value)| (key.to_string(), value.to_string()))
        .collect()
}

fn strip_braces(text: &str) -> &str {
    let trimmed = text.trim();
    trimmed.strip_prefix("${{").and_then(|t| t.strip_suffix("}}")).unwrap_or(trimmed)
}

/// A string with every `${{ expression }}` replaced by its value.
fn interpolate(text: &str, contexts: &Contexts) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("${{") {
        out.push_str(&rest[..start]);
        let end = rest[start..].find("}}").map(|e| start + e).expect("unclosed ${{");
        out.push_str(&as_string(&evaluate(&rest[start + 3..end], contexts)));
        rest = &rest[end + 2..];
    }
    out.push_str(rest);
    out
}

#[derive(Clone, Debug, PartialEq)]
enum Val {
    Str(String),
    Bool(bool),
}

fn truthy(value: &Val) -> bool {
    match value {
        Val::Str(s) => !s.is_empty(),
        Val::Bool(b) => *b,
    }
}

fn as_string(value: &Val) -> String {
    match value {
        Val::Str(s) => s.clone(),
        Val::Bool(b) => b.to_string(),
    }
}

fn evaluate(expression: &str, contexts: &Contexts) -> Val {
    let tokens = tokenize(expression);
    let mut parser = Parser { tokens: &tokens, at: 0, contexts };
    let value = parser.or();
    assert_eq!(parser.at, tokens.len(), "unparsed tokens in `{expression}`");
    value
}

#[derive(Clone, Debug, PartialEq)]
enum Token {
    Literal(String),
    Path(String),
    Op(&'static str),
}

fn tokenize(text: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c == '\'' {
            let mut literal = String::new();
            i += 1;
            loop {
                assert!(i < chars.len(), "unclosed string in `{text}`");
                if chars[i] == '\'' {
                    if chars.get(i + 1) == Some(&'\'') {
                        literal.push('\'');
                        i += 2;
                        continue;
                    }
                    i += 1;
                    break;
                }
                literal.push(chars[i]);
                i += 1;
            }
            tokens.push(Token::Literal(literal));
        } else if let Some(op) = ["==", "!=", "&&", "||", "!", "(", ")"].into_iter().find(|op| text_at(&chars, i, op)) {
            tokens.push(Token::Op(op));
            i += op.len();
        } else if c.is_ascii_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || "_-.".contains(chars[i])) {
                i += 1;
            }
            tokens.push(Token::Path(chars[start..i].iter().collect()));
        } else {
            panic!("unsupported character `{c}` in `{text}`");
        }
    }
    tokens
}

fn text_at(chars: &[char], i: usize, op: &str) -> bool {
    op.chars().enumerate().all(|(k, c)| chars.get(i + k) == Some(&c))
}

struct Parser<'a> {
    tokens: &'a [Token],
    at: usize,
    contexts: &'a Contexts,
}

impl Parser<'_> {
    fn eat(&mut self, op: &str) -> bool {
        if matches!(self.tokens.get(self.at), Some(Token::Op(found)) if *found == op) {
            self.at += 1;
            return true;
        }
        false
    }

    fn or(&mut self) -> Val {
        let mut left = self.and();
        while self.eat("||") {
            let right = self.and();
            left = if truthy(&left) { left } else { right };
        }
        left
    }

    fn and(&mut self) -> Val {
        let mut left = self.comparison();
        while self.eat("&&") {
            let right = self.comparison();
            left = if truthy(&left) { right } else { left };
        }
        left
    }

    fn comparison(&mut self) -> Val {
        let left = self.unary();
        for (op, equal) in [("==", true), ("!=", false)] {
            if self.eat(op) {
                let right = self.unary();
                // GitHub compares strings case-insensitively.
                return Val::Bool(as_string(&left).eq_ignore_ascii_case(&as_string(&right)) == equal);
            }
        }
        left
    }

    fn unary(&mut self) -> Val {
        if self.eat("!") {
            return Val::Bool(!truthy(&self.unary()));
        }
        if self.eat("(") {
            let value = self.or();
            assert!(self.eat(")"), "missing )");
            return value;
        }
        let token = self.tokens.get(self.at).cloned().expect("an operand");
        self.at += 1;
        match token {
            Token::Literal(text) => Val::Str(text),
            Token::Path(path) => self.lookup(&path),
            Token::Op(op) => panic!("unexpected `{op}`"),
        }
    }

    fn lookup(&self, path: &str) -> Val {
        let parts: Vec<&str> = path.split('.').collect();
        let found = match parts.as_slice() {
            ["true"] => return Val::Bool(true),
            ["false"] => return Val::Bool(false),
            ["inputs", name] => {
                Some(self.contexts.inputs.get(*name).unwrap_or_else(|| panic!("inputs.{name} is not declared")).clone())
            }
            ["steps", id, "outputs", name] => {
                self.contexts.steps.get(*id).and_then(|outputs| outputs.get(*name)).cloned()
            }
            ["github", name] => self.contexts.github.get(*name).cloned(),
            _ => panic!("unsupported expression `{path}`"),
        };
        Val::Str(found.unwrap_or_default())
    }
}
