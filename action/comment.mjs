// The GitHub Action's pull-request comment (`comment: true`): posts the Markdown report as one
// comment on the pull request and, on every later run, updates that same comment, found by a
// hidden marker; no other comment is touched. Run by action.yml after the report is written:
//   node comment.mjs REPORT.md
// Environment: MCP_CONTRACT_TOKEN (the token; never printed), GITHUB_API_URL, GITHUB_REPOSITORY,
// GITHUB_EVENT_PATH (the pull request's number), COMMENT_KEY (tells apart the comments of
// several steps), APPROVAL (a line saying a break was approved, or empty).
// A comment that cannot be written (a token without write permission, say) is a notice, never a
// failure: the step's verdict is the report's. It always exits 0.
import { readFileSync } from "node:fs";

// GitHub's limit on a comment body is 65,536 characters; the rest of the report is in the job summary.
const MAX_BODY = 60_000;
const MAX_PAGES = 30;

const token = process.env.MCP_CONTRACT_TOKEN ?? "";
const redact = (text) => (token ? String(text).split(token).join("***") : String(text));
// Workflow-command data: %, CR and LF escaped, so that a message cannot end the command.
const data = (text) => redact(text).replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
const notice = (text) => process.stdout.write(`::notice title=mcp-contract comment::${data(text)}\n`);

async function main() {
  const [reportFile] = process.argv.slice(2);
  const number = pullRequestNumber();
  if (number === undefined) return notice("comment: this run is not for a pull request, so there is nothing to comment on");
  if (!token) return notice("comment: no token; pass github-token (the default is the job's GITHUB_TOKEN)");
  const repository = process.env.GITHUB_REPOSITORY ?? "";
  if (!/^[\w.-]+\/[\w.-]+$/.test(repository)) return notice(`comment: GITHUB_REPOSITORY \`${repository}\` is not OWNER/REPO`);
  const api = (process.env.GITHUB_API_URL || "https://api.github.com").replace(/\/+$/, "");
  const key = process.env.COMMENT_KEY || "default";
  const marker = `<!-- mcp-contract report: ${key.replace(/--+/g, "-")} -->`;
  const body = commentBody(readFileSync(reportFile, "utf8"), marker);
  const call = (method, path, payload) =>
    fetch(`${api}${path}`, {
      method,
      headers: {
        Accept: "application/vnd.github+json",
        Authorization: `Bearer ${token}`,
        "X-GitHub-Api-Version": "2022-11-28",
        "User-Agent": "mcp-contract-action",
        ...(payload ? { "Content-Type": "application/json" } : {}),
      },
      body: payload ? JSON.stringify(payload) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
  let existing;
  for (let page = 1; page <= MAX_PAGES && existing === undefined; page++) {
    const response = await call("GET", `/repos/${repository}/issues/${number}/comments?per_page=100&page=${page}`);
    if (!response.ok) return refused(response, "read the pull request's comments");
    const comments = await response.json();
    if (!Array.isArray(comments)) return notice("comment: the API's answer for the comments is not a list");
    existing = comments.find((comment) => typeof comment?.body === "string" && comment.body.includes(marker));
    if (comments.length < 100) break;
  }
  const response = existing
    ? await call("PATCH", `/repos/${repository}/issues/comments/${encodeURIComponent(existing.id)}`, { body })
    : await call("POST", `/repos/${repository}/issues/${number}/comments`, { body });
  if (!response.ok) return refused(response, existing ? "update its comment" : "comment on the pull request");
  const written = await response.json().catch(() => ({}));
  process.stdout.write(`mcp-contract: ${existing ? "updated" : "posted"} the report comment${written?.html_url ? ` ${redact(written.html_url)}` : ""}\n`);
}

/** The pull request's number, from the event that started the run. */
function pullRequestNumber() {
  try {
    const event = JSON.parse(readFileSync(process.env.GITHUB_EVENT_PATH ?? "", "utf8"));
    const number = event?.pull_request?.number ?? (event?.issue?.pull_request ? event.issue.number : undefined);
    return Number.isSafeInteger(number) && number > 0 ? number : undefined;
  } catch {
    return undefined;
  }
}

/** The report under the marker (first, so that it is found whatever the report says), cut to GitHub's limit. */
function commentBody(report, marker) {
  const approval = process.env.APPROVAL ? `> ${process.env.APPROVAL}\n\n` : "";
  let text = report.trim() === "" ? "mcp-contract wrote no report." : report;
  if (text.length > MAX_BODY) text = `${text.slice(0, MAX_BODY)}\n\n… the report is cut here: the whole report is in the run's job summary.`;
  return redact(`${marker}\n${approval}${text}`);
}

async function refused(response, what) {
  const why = response.status === 403 || response.status === 404 ? " (does the token have pull-requests: write? a fork's pull request gets a read-only token)" : "";
  let message = "";
  try {
    message = String((await response.json())?.message ?? "").slice(0, 200);
  } catch {
    // no JSON body
  }
  notice(`comment: could not ${what}: HTTP ${response.status}${message ? ` ${message}` : ""}${why}; the verdict is unchanged`);
}

main().catch((error) => notice(`comment: ${error?.cause?.code ?? error?.message ?? error}; the verdict is unchanged`));
