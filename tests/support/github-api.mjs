// A local stand-in for the GitHub REST API's issue comments, for the Action's comment tests
// (tests/action.rs): `node github-api.mjs LOG_FILE`. It prints `listening PORT`, keeps the
// comments of pull request 7 of owner/repo in memory (one unrelated comment to begin with), and
// appends each request to LOG_FILE as a JSON line {method, url, authorization, body}.
// A token of `read-only` is refused writes with 403, as a fork's GITHUB_TOKEN is.
import { appendFileSync } from "node:fs";
import http from "node:http";

const [logFile] = process.argv.slice(2);
const comments = [{ id: 1, body: "Looks good to me.", user: { login: "reviewer" } }];
let nextId = 100;

const server = http.createServer((request, response) => {
  let body = "";
  request.on("data", (chunk) => (body += chunk));
  request.on("end", () => {
    const authorization = request.headers.authorization ?? "";
    appendFileSync(logFile, `${JSON.stringify({ method: request.method, url: request.url, authorization, body })}\n`);
    const send = (status, value) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(value));
    };
    const readOnly = authorization === "Bearer read-only";
    const url = new URL(request.url, "http://localhost");
    if (request.method === "GET" && url.pathname === "/repos/owner/repo/issues/7/comments") {
      const page = Number(url.searchParams.get("page") ?? 1);
      const size = Number(url.searchParams.get("per_page") ?? 30);
      return send(200, comments.slice((page - 1) * size, page * size));
    }
    if (request.method === "POST" && url.pathname === "/repos/owner/repo/issues/7/comments") {
      if (readOnly) return send(403, { message: "Resource not accessible by integration" });
      const comment = { id: nextId++, body: JSON.parse(body).body, user: { login: "github-actions[bot]" }, html_url: "https://github.example/owner/repo/pull/7#issuecomment" };
      comments.push(comment);
      return send(201, comment);
    }
    const patch = /^\/repos\/owner\/repo\/issues\/comments\/(\d+)$/.exec(url.pathname);
    if (request.method === "PATCH" && patch) {
      if (readOnly) return send(403, { message: "Resource not accessible by integration" });
      const comment = comments.find((c) => c.id === Number(patch[1]));
      if (!comment) return send(404, { message: "Not Found" });
      comment.body = JSON.parse(body).body;
      return send(200, comment);
    }
    send(404, { message: "Not Found" });
  });
});
server.listen(0, "127.0.0.1", () => process.stdout.write(`listening ${server.address().port}\n`));
