//! JUnit XML: one test case per change, so that `tests` counts every change (and every
//! suppressed one). A case's class is the rule and its name the change's location, unique within
//! the class (the change id is added when two changes of one rule share a location). A case
//! fails when its change is at or above `fail_on`, is skipped when the change was suppressed (the
//! reason is the skip message), and passes otherwise, with the change in `system-out`.

use super::escape::{visible, xml};
use super::{Level, RenderOptions};
use crate::report::{Change, Report};
use std::collections::BTreeMap;
use std::fmt::Write;

pub fn junit(report: &Report, options: &RenderOptions) -> String {
    let failing = |change: &Change| options.level(change.severity) == Level::Error;
    let failures = report.changes.iter().filter(|c| failing(c)).count();
    let skipped = report.suppressed.len();
    let tests = (report.changes.len() + skipped).max(1);

    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<testsuites name=\"mcp-contract\" tests=\"{tests}\" failures=\"{failures}\" errors=\"0\" skipped=\"{skipped}\">"
    );
    let _ = writeln!(
        out,
        "  <testsuite name=\"mcp-contract\" tests=\"{tests}\" failures=\"{failures}\" errors=\"0\" skipped=\"{skipped}\">"
    );
    out.push_str("    <properties>\n");
    let summary = &report.summary;
    let properties = [
        ("verdict", summary.verdict.as_str().to_string()),
        ("summary", summary.text.clone()),
        ("failOn", options.fail_on.as_str().to_string()),
        ("warnOn", options.warn_on.as_str().to_string()),
        ("suppressed", summary.suppressed.to_string()),
        ("compared", summary.compared.join(",")),
    ];
    for (name, value) in properties {
        let _ = writeln!(out, "      <property name=\"{name}\" value=\"{}\"/>", xml(&visible(&value)));
    }
    out.push_str("    </properties>\n");
    if report.changes.is_empty() && report.suppressed.is_empty() {
        out.push_str("    <testcase classname=\"mcp-contract\" name=\"no contract changes\"/>\n");
    }
    // How many changes (active or suppressed) each (rule, location) has: a shared one gets ids.
    // Keyed by `rule location` as one string (a rule id holds no space): a map type the module has.
    let key = |change: &Change| format!("{} {}", change.rule, change.location);
    let mut sharing: BTreeMap<String, usize> = BTreeMap::new();
    for change in report.changes.iter().chain(&report.suppressed) {
        *sharing.entry(key(change)).or_default() += 1;
    }
    let name = |change: &Change| {
        let location = visible(&change.location);
        match sharing.get(&key(change)) {
            Some(&n) if n > 1 => format!("{location} ({})", change.id),
            _ => location.into_owned(),
        }
    };
    for change in &report.changes {
        let _ = writeln!(out, "    <testcase classname=\"{}\" name=\"{}\">", xml(change.rule), xml(&name(change)));
        let line = xml(&change_line(change, options));
        if failing(change) {
            let _ = writeln!(
                out,
                "      <failure type=\"{}\" message=\"{}\">{line}</failure>",
                change.severity.as_str(),
                xml(&visible(&change.message)),
            );
        } else {
            let _ = writeln!(out, "      <system-out>{line}</system-out>");
        }
        out.push_str("    </testcase>\n");
    }
    for change in &report.suppressed {
        let reason = visible(change.reason.as_deref().unwrap_or(""));
        let line = format!("SUPPRESSED {}: {} [{}] ({reason})", change.severity, visible(&change.message), change.id);
        let _ = writeln!(out, "    <testcase classname=\"{}\" name=\"{}\">", xml(change.rule), xml(&name(change)));
        let _ = writeln!(
            out,
            "      <skipped message=\"suppressed: {}\"/>\n      <system-out>{}</system-out>",
            xml(&reason),
            xml(&line)
        );
        out.push_str("    </testcase>\n");
    }
    out.push_str("  </testsuite>\n</testsuites>\n");
    out
}

fn change_line(change: &Change, options: &RenderOptions) -> String {
    let marker = match options.level(change.severity) {
        Level::Error => "FAIL",
        Level::Warning => "WARN",
        Level::Note => "INFO",
    };
    let mut line = format!(
        "{marker} {}: {} [{} at {}]",
        change.severity,
        visible(&change.message),
        change.id,
        visible(&change.location)
    );
    if let Some(note) = &change.note {
        let _ = write!(line, " (note: {})", visible(note));
    }
    if let Some((lead, json, rejected)) = super::witness_parts(change).filter(|_| options.witnesses) {
        let by = if rejected.is_empty() { String::new() } else { format!(" ({})", visible(&rejected)) };
        let _ = write!(line, "\ne.g. {lead}: {}{by}", visible(&json));
    }
    line
}
