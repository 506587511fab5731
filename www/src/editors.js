//! The three CodeMirror editors and what the report draws on them: the selected change (its
//! value's own span, and its lines), a severity marker in the gutter per change, inline errors.
import { closeBrackets, closeBracketsKeymap } from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import {
  HighlightStyle,
  bracketMatching,
  defaultHighlightStyle,
  foldGutter,
  foldKeymap,
  syntaxHighlighting,
} from "@codemirror/language";
import { oneDarkHighlightStyle, oneDarkTheme } from "@codemirror/theme-one-dark";
import { searchKeymap } from "@codemirror/search";
import { json } from "@codemirror/lang-json";
import { yaml } from "@codemirror/lang-yaml";
import { setDiagnostics, lintGutter } from "@codemirror/lint";
import { Compartment, EditorState, RangeSet, StateEffect, StateField } from "@codemirror/state";
import {
  Decoration,
  EditorView,
  GutterMarker,
  drawSelection,
  dropCursor,
  gutter,
  highlightActiveLine,
  highlightSpecialChars,
  keymap,
  lineNumbers,
} from "@codemirror/view";
import { looksLikeJson } from "./locator.js";
import { SEVERITIES, severityLabel } from "./severity.js";

// One Dark with its three dimmest text colours lightened to WCAG AA (4.5:1 and more) on its
// background and active line: property names, comments and keywords were 3.9–4.4:1.
const AA_COLOURS = { "#e06c75": "#ef8a92", "#7d8799": "#9aa2af", "#c678dd": "#d18fe6" };
const oneDarkAA = [
  oneDarkTheme,
  syntaxHighlighting(
    HighlightStyle.define(
      oneDarkHighlightStyle.specs.map((spec) =>
        spec.color in AA_COLOURS ? { ...spec, color: AA_COLOURS[spec.color] } : spec,
      ),
    ),
  ),
];

const setHighlight = StateEffect.define();
const setMarkers = StateEffect.define();

const highlightLine = Decoration.line({ class: "cm-hl-line" });
const highlightSpan = Decoration.mark({ class: "cm-hl-span" });
/** Lines longer than this (minified JSON) are not highlighted whole: only the value's span is. */
const LONG_LINE = 400;

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
    const click = this.items.length > 1 ? "click to show, again for the next" : "click to show";
    mark.title = `${severityLabel(this.severity)}${more}: ${click}`;
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

/**
 * Texts longer than this are shown without syntax highlighting: the parser behind it works in
 * slices of up to 100 ms on the page's thread, and a multi-megabyte snapshot needs dozens.
 */
const PLAIN_ABOVE = 1_000_000;
/**
 * CodeMirror's basic setup without what a snapshot editor does not use (completion, rectangular
 * selection, selection-match highlighting): each extension is work on every update.
 */
const setup = [
  lineNumbers(),
  highlightSpecialChars(),
  history(),
  foldGutter(),
  drawSelection(),
  dropCursor(),
  syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
  bracketMatching(),
  closeBrackets(),
  highlightActiveLine(),
  keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...searchKeymap, ...historyKeymap, ...foldKeymap]),
];

/** Where the page itself scrolls (a phone: one column, the report above the editors). */
const pageScrolls = typeof matchMedia === "function" ? matchMedia("(max-width: 900px)") : { matches: false };

/**
 * Where the page scrolls, a change shown in an editor is scrolled to within the editor only:
 * CodeMirror would scroll the page too, and a tap on a change in the report would jump to the
 * editors (on load, the first change would scroll the page away from the verdict).
 */
const scrollWithinEditor = EditorView.scrollHandler.of((view, range, { y }) => {
  if (!pageScrolls.matches) return false;
  // Called while the editor updates, when its layout may not be read: measured next.
  view.requestMeasure({
    read: () => ({
      target: view.coordsAtPos(range.head),
      block: view.lineBlockAt(range.head),
      box: view.scrollDOM.getBoundingClientRect(),
    }),
    write: ({ target, block, box }) => {
      const scroller = view.scrollDOM;
      if (!target) {
        // Not drawn yet: its line's place in the document is known, if not where in the line.
        scroller.scrollTop = block.top + block.height / 2 - scroller.clientHeight / 2;
        return;
      }
      const outside = target.top < box.top || target.bottom > box.bottom;
      if (y === "center" || outside)
        scroller.scrollTop += (target.top + target.bottom) / 2 - (box.top + box.bottom) / 2;
      if (target.left < box.left || target.right > box.right)
        scroller.scrollLeft += target.left - (box.left + box.right) / 2;
    },
  });
  return true;
});

const languageSupport = (kind) => (kind === "json" ? json() : kind === "yaml" ? yaml() : []);

/**
 * One editor in `parent`. `language` is "json", "yaml", or null to follow the text (snapshots
 * may be either). `onChange({whole})` fires on every edit (`whole` for a paste, drop or load of text);
 * `onDropText(text, name)` may take a dropped file's text (return true) before it replaces the text.
 * `onMarkerClick(items)` gets the items of the gutter marker clicked (see `mark`).
 */
export function createEditor(
  parent,
  { label, language = null, dark = false, onChange, onMarkerClick = () => {}, onDropText = () => false },
) {
  const languageSlot = new Compartment();
  const themeSlot = new Compartment();
  const kindOf = (head, length) =>
    length > PLAIN_ABOVE ? "plain" : (language ?? (looksLikeJson(head) ? "json" : "yaml"));
  let currentKind = kindOf("", 0);
  /** The text as one string, made once per change: a multi-megabyte document costs a copy. */
  let text = "";
  let textIsCurrent = true;
  /** A string about to replace the whole document (a paste, a load), to serve as its text. */
  let wholeText = null;
  const replacedAll = (update) => {
    let all = false;
    update.changes.iterChanges((fromA, toA, fromB, toB) => {
      all = fromA === 0 && toA === update.startState.doc.length && fromB === 0 && toB === update.state.doc.length;
    });
    return all && update.transactions.length === 1;
  };

  const view = new EditorView({
    parent,
    extensions: [
      setup,
      // Every text wraps, a multi-megabyte one too: a minified snapshot is one line, and a
      // pretty-printed one has descriptions of thousands of characters. It costs a jump to a
      // far change in a 3.7 MB text about 75 ms instead of 30 (measuring the lines it draws),
      // under the 100 ms a task may take (test/perf.test.mjs).
      EditorView.lineWrapping,
      languageSlot.of(languageSupport(currentKind)),
      // Snapshots may be JSON or YAML, or too big to highlight: the language follows the text,
      // switched in the same transaction as the edit so no parse starts for the wrong one.
      EditorState.transactionExtender.of((tr) => {
        if (!tr.docChanged) return null;
        const kind = kindOf(tr.newDoc.sliceString(0, 4096), tr.newDoc.length);
        if (kind === currentKind) return null;
        currentKind = kind;
        return { effects: [languageSlot.reconfigure(languageSupport(kind))] };
      }),
      lintGutter(),
      scrollWithinEditor,
      severityGutter(onMarkerClick),
      markerField,
      highlightField,
      // tabindex as well as contenteditable: a scrolled editor then has focusable content for
      // every checker (axe-core's scrollable-region-focusable counts only the attribute).
      EditorView.contentAttributes.of({ "aria-label": label, tabindex: "0" }),
      themeSlot.of(dark ? oneDarkAA : []),
      EditorView.updateListener.of((update) => {
        if (!update.docChanged) return;
        textIsCurrent = false;
        // A text that replaced the whole document is the document: keep the string itself
        // rather than build a copy (when no line break needed normalising, lengths agree).
        if (wholeText !== null && update.state.doc.length === wholeText.length && replacedAll(update)) {
          text = wholeText;
          textIsCurrent = true;
        }
        wholeText = null;
        // A paste, drop or load replaces text in one go: no reason to wait for more typing.
        const whole = update.transactions.some((tr) =>
          ["input.paste", "input.drop", "input.load"].some((e) => tr.isUserEvent(e)),
        );
        onChange({ whole });
      }),
      EditorView.domEventHandlers({
        dragover(event) {
          if (event.dataTransfer?.types.includes("Files")) event.preventDefault();
        },
        paste(event) {
          const pasted = event.clipboardData?.getData("text/plain") ?? "";
          wholeText = pasted.includes("\r") ? null : pasted;
          return false;
        },
        drop(event) {
          const file = event.dataTransfer?.files?.[0];
          if (!file) return false;
          event.preventDefault();
          file.text().then((text) => onDropText(text, file.name) || editor.setText(text));
          return true;
        },
      }),
    ],
  });

  const lineRange = (from, to) => {
    const doc = view.state.doc;
    return [doc.lineAt(Math.min(from, doc.length)).number, doc.lineAt(Math.min(to, doc.length)).number];
  };

  const editor = {
    view,
    /** Dark mode follows the system setting (One Dark, made AA). */
    setDark(isDark) {
      view.dispatch({ effects: themeSlot.reconfigure(isDark ? oneDarkAA : []) });
    },
    getText() {
      if (!textIsCurrent) {
        // Joined from the lines: one flat string (toString concatenates, and the pieces of a
        // 100,000-line text cost a long flattening when the string is sent to the worker).
        text = view.state.doc.toJSON().join("\n");
        textIsCurrent = true;
      }
      return text;
    },
    setText(next, { userEvent = "input.load" } = {}) {
      wholeText = next.includes("\r") ? null : next;
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: next },
        selection: { anchor: 0 },
        scrollIntoView: true,
        userEvent,
      });
    },
    /**
     * Highlights a change at `range` ({from, to, keyFrom}): the value's own span, and the lines
     * from its member's start to its end unless they are long lines (minified text). Scrolls to
     * it; null clears. Returns [first, last] line numbers and, on a long line, the value's column.
     */
    highlight(range) {
      if (!range) {
        view.dispatch({ effects: setHighlight.of(Decoration.none) });
        parent.removeAttribute("data-highlight");
        parent.removeAttribute("data-highlight-span");
        return null;
      }
      const doc = view.state.doc;
      const clamp = (pos) => Math.min(Math.max(pos, 0), doc.length);
      const from = clamp(range.from);
      const to = clamp(Math.max(range.to, range.from));
      const start = clamp(range.keyFrom ?? range.from);
      const [first, last] = lineRange(start, to);
      const decorations = [];
      let linesShown = true;
      for (let n = first; n <= last; n++) {
        const line = doc.line(n);
        if (line.length <= LONG_LINE) decorations.push(highlightLine.range(line.from));
        else linesShown = false;
      }
      // The value's own span, where whole lines would not say which part: within one line, or
      // on long (minified) lines. A value over several short lines is those lines.
      const [valueFirst, valueLast] = lineRange(from, to);
      if (to > from && (valueFirst === valueLast || !linesShown)) decorations.push(highlightSpan.range(from, to));
      view.dispatch({
        effects: [setHighlight.of(Decoration.set(decorations, true)), EditorView.scrollIntoView(from, { y: "center" })],
      });
      parent.dataset.highlight = `${first}-${last}`;
      parent.dataset.highlightSpan = `${from}-${to}`;
      // On a long (minified) line the line number alone does not find the value: its column too.
      return [first, last, linesShown ? null : from - doc.line(valueFirst).from + 1];
    },
    /** Puts the cursor at `pos`, scrolls it into view and focuses the editor. */
    focusAt(pos) {
      const at = Math.min(Math.max(pos, 0), view.state.doc.length);
      view.dispatch({ selection: { anchor: at }, effects: EditorView.scrollIntoView(at, { y: "center" }) });
      view.focus();
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
