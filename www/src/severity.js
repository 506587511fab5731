//! The four severities as the page shows them: order, readable names and gutter letters, made
//! from the engine's own list (`meta().severities`, most severe first) once it has loaded.
//! Severities themselves come from the engine's report; nothing here decides one.

/** `{ [id]: { rank, name, letter } }`, filled by `useSeverities`. */
export const SEVERITIES = {};

/** The ids, most severe first. */
export const SEVERITY_ORDER = [];

/** Takes the engine's severities (`[{ id, words }]`, most severe first): "potentially breaking" reads "Potentially breaking", marked P. */
export function useSeverities(list) {
  SEVERITY_ORDER.length = 0;
  list.forEach(({ id, words }, rank) => {
    SEVERITIES[id] = { rank, name: words[0].toUpperCase() + words.slice(1), letter: words[0].toUpperCase() };
    SEVERITY_ORDER.push(id);
  });
}

export const severityLabel = (severity) => SEVERITIES[severity]?.name ?? severity;
