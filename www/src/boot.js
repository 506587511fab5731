// The page's first script, a classic one: it runs where the module (app.js) cannot. Opened
// from disk (file://), browsers refuse to load modules, workers and the wasm engine, and the
// page would wait forever; say why and what to do instead.
if (location.protocol === "file:") {
  document.addEventListener("DOMContentLoaded", function () {
    var note = document.getElementById("loading-note");
    if (!note) return;
    note.textContent =
      "This page was opened from a file (file://), where browsers do not load its engine (a module, " +
      "a worker and WebAssembly need a web server). Serve this page's folder instead, for example " +
      "with `python3 -m http.server 8000` run in it, then open http://localhost:8000/.";
    note.className = "empty file-note";
    document.body.setAttribute("data-file-url", "true");
  });
}
