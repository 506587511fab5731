//! Report renderers. All front ends (CLI, playground, library) print these bytes.

mod text;

pub use text::text;

/// Output formats the engine renders.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Json,
    Text,
}

impl Format {
    pub fn parse(name: &str) -> Option<Format> {
        match name {
            "json" => Some(Format::Json),
            "text" => Some(Format::Text),
            _ => None,
        }
    }
}

/// Rendering options that are not part of the report.
#[derive(Clone, Copy, Debug, Default)]
pub struct RenderOptions {
    /// ANSI colour (text format only).
    pub color: bool,
}

pub fn render(report: &crate::Report, format: Format, options: RenderOptions) -> String {
    match format {
        Format::Json => report.to_json(),
        Format::Text => text(report, options.color),
    }
}
