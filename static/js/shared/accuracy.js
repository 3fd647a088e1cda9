// Accuracy as the end screen and the replay show it (docs/analysis.md "Accuracy"): a percentage
// with one decimal in the page's language ("92.3%", "92,3 %"), and a dash for a player who had
// only forced moves.

import { formatNumber } from "./i18n.js";

export function accuracyText(value) {
  if (value === null || value === undefined) return "—";
  return formatNumber(value / 100, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
}
