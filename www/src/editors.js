//! The three CodeMirror editors and what the report draws on them: the highlighted lines of
//! the selected change, a severity marker in the gutter per change, and inline input errors.
import { basicSetup } from "codemirror";
import { json } from "@codemirror/lang-json";
import { yaml } from "@codemirror/lang-yaml";
import { setDiagnostics, lintGutter } from "@codemirror/lint";
import { Compartment, RangeSet, StateEffect, StateField } from "@codemirror/state";
import { Decoration, EditorView, GutterMarker, gutter } from "@codemirror/view";
import { looksLikeJson } from "./locator.js";
import { SEVERITIES, severityLabel } from "./severity.js";

const setHighlight = StateEffect.define();
const setMarkers = StateEffect.define();

const highlightLine = Decoration.line({ class: "cm-hl-line" });

const highlightField = StateField.define({
  create: () => Decoration.none,
  update(value, tr) {
    value = value.map(tr.changes);
    for (const effect of tr.effects) if (effect.is(setHighlight)) value = effect.value;
    return value;
  },
  provide: (field) => EditorView.decorations.from(field),
});

/** The most severe of the changes on one line; carries them all for a click on the marker. */
class SeverityMarker extends GutterMarker {
  constructor(severity, items) {
    super();
    this.severity = severity;
    this.items = items;
  }
  eq(other) {
    return other.severity === this.severity && other.items.length === this.items.length;
  }
  toDOM() {
    const mark = document.createElement("span");
    mark.className = `sev-mark sev-${this.severity}`;
    mark.textContent = SEVERITIES[this.severity].letter;
    const more = this.items.length > 1 ? ` (+${this.items.length - 1} more on this line)` : "";
    mark.title = `${severityLabel(this.severity)}${more}: click to show`;
    return mark;
  }
}

const markerField = StateField.define({
  create: () => RangeSet.empty,
  update(value, tr) {
    value = value.map(tr.changes);
    for (const effect of tr.effects) if (effect.is(setMarkers)) value = effect.value;
    return value;
  },
});

function markerAt(state, pos) {
  let found = null;
  state.field(markerField).between(pos, pos, (from, _to, marker) => {
    if (from === pos) found = marker;
  });
  return found;
}

const severityGutter = (onMarkerClick) =>
  gutter({
    class: "cm-sev-gutter",
    markers: (view) => view.state.field(markerField),
    domEventHandlers: {
      mousedown(view, line) {
        const marker = markerAt(view.state, line.from);
        if (!marker) return false;
        onMarkerClick(marker.items);
        return true;
      },
    },
  });

const languageSupport = (kind) => (kind === "json" ? json() : yaml());

/**
 * One editor in `parent`. `language` is "json", "yaml", or null to follow the text (snapshots
 * may be either). `onChange(text)` fires on every edit; a dropped file replaces the whole text.
 * `onMarkerClick(items)` gets the items of the gutter marker clicked (see `mark`).
 */
export function createEditor(parent, { label, language = null, onChange, onMarkerClick = () => {} }) {
  const languageSlot = new Compartment();
  const kindOf = (text) => language ?? (looksLikeJson(text) ? "json" : "yaml");
  let currentKind = kindOf("");

  const view = new EditorView({
    parent,
    extensions: [
      basicSetup,
      EditorView.lineWrapping,
      languageSlot.of(languageSupport(currentKind)),
      lintGutter(),
      severityGutter(onMarkerClick),
      markerField,
      highlightField,
      EditorView.contentAttributes.of({ "aria-label": label }),
      EditorView.updateListener.of((update) => {
        if (!update.docChanged) return;
        const text = update.state.doc.toString();
        syncLanguage(text);
        onChange(text);
      }),
      EditorView.domEventHandlers({
        dragover(event) {
          if (event.dataTransfer?.types.includes("Files")) event.preventDefault();
        },
        drop(event) {
          const file = event.dataTransfer?.files?.[0];
          if (!file) return false;
          event.preventDefault();
          file.text().then((text) => editor.setText(text));
          return true;
        },
      }),
    ],
  });

  /** Snapshots may be JSON or YAML: switch the highlighting when the text changes kind. */
  function syncLanguage(text) {
    const kind = kindOf(text);
    if (kind === currentKind) return;
    currentKind = kind;
    // Called from an update listener, where dispatching again is not allowed.
    queueMicrotask(() => view.dispatch({ effects: languageSlot.reconfigure(languageSupport(kind)) }));
  }

  const lineRange = (from, to) => {
    const doc = view.state.doc;
    return [doc.lineAt(Math.min(from, doc.length)).number, doc.lineAt(Math.min(to, doc.length)).number];
  };

  const editor = {
    view,
    getText: () => view.state.doc.toString(),
    setText(text) {
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: text },
        selection: { anchor: 0 },
        scrollIntoView: true,
      });
    },
    /** Highlights whole lines of `range` ({from, to}) and scrolls to it; null clears. Returns [first, last] lines. */
    highlight(range) {
      if (!range) {
        view.dispatch({ effects: setHighlight.of(Decoration.none) });
        parent.removeAttribute("data-highlight");
        return null;
      }
      const [first, last] = lineRange(range.from, range.to);
      const doc = view.state.doc;
      const lines = [];
      for (let n = first; n <= last; n++) lines.push(highlightLine.range(doc.line(n).from));
      view.dispatch({
        effects: [
          setHighlight.of(Decoration.set(lines)),
          EditorView.scrollIntoView(doc.line(first).from, { y: "center" }),
        ],
      });
      parent.dataset.highlight = `${first}-${last}`;
      return [first, last];
    },
    /** Gutter markers: `marks` is [{pos, severity, item}]; the most severe change on a line shows. */
    mark(marks) {
      const doc = view.state.doc;
      const perLine = new Map();
      for (const { pos, severity, item } of marks) {
        const line = doc.lineAt(Math.min(pos, doc.length));
        const seen = perLine.get(line.number);
        if (!seen) perLine.set(line.number, { from: line.from, severity, items: [item] });
        else {
          seen.items.push(item);
          if (SEVERITIES[severity].rank < SEVERITIES[seen.severity].rank) seen.severity = severity;
        }
      }
      const ranges = [...perLine.values()]
        .sort((a, b) => a.from - b.from)
        .map((m) => new SeverityMarker(m.severity, m.items).range(m.from));
      view.dispatch({ effects: setMarkers.of(RangeSet.of(ranges)) });
    },
    /** Shows an input error at `{from, to}` inline (underline, gutter, tooltip); null clears. */
    showError(problem) {
      const diagnostics = problem
        ? [{ from: problem.from, to: Math.max(problem.to, problem.from), severity: "error", message: problem.message }]
        : [];
      view.dispatch(setDiagnostics(view.state, diagnostics));
    },
    /** The text offset of 1-based `line`, `column`, clamped to the document. */
    offsetAt(line, column) {
      const doc = view.state.doc;
      const at = doc.line(Math.min(Math.max(line, 1), doc.lines));
      return Math.min(at.from + Math.max(column - 1, 0), at.to);
    },
  };
  return editor;
}
