//! The four severities as the page shows them: order, readable names and gutter letters.
//! Severities themselves come from the engine's report; nothing here decides one.

export const SEVERITIES = {
  BREAKING: { rank: 0, name: "Breaking", letter: "B" },
  POTENTIALLY_BREAKING: { rank: 1, name: "Potentially breaking", letter: "P" },
  NON_BREAKING: { rank: 2, name: "Non-breaking", letter: "N" },
  DOCUMENTATION: { rank: 3, name: "Documentation", letter: "D" },
};

export const SEVERITY_ORDER = Object.keys(SEVERITIES);

export const severityLabel = (severity) => SEVERITIES[severity]?.name ?? severity;
