// A breach of a house rule, and the comparison with the baseline of breaches allowed for now.

/** One place where the code breaks a rule. */
export interface Breach {
  /** What the baseline names it by: stable while the file changes (no line numbers). */
  key: string;
  /** `file:line` where it happens. */
  where: string;
  /** What is wrong, in a sentence. */
  detail: string;
}

/** The breaches that are not in the baseline, and the baseline's entries that no longer occur. */
export interface BaselineComparison {
  unexpected: Breach[];
  gone: string[];
}

/** Compares what a rule found with the breaches its baseline allows. */
export function compareWithBaseline(
  found: readonly Breach[],
  baseline: readonly string[],
): BaselineComparison {
  const allowed = new Set(baseline);
  const seen = new Set(found.map((breach) => breach.key));
  return {
    unexpected: found.filter((breach) => !allowed.has(breach.key)),
    gone: baseline.filter((key) => !seen.has(key)),
  };
}

/**
 * The failure message for one rule: each new breach with its place and how to mend it, and each
 * baseline entry to delete. Empty when the rule holds.
 */
export function baselineReport(
  rule: string,
  baselineName: string,
  fix: string,
  { unexpected, gone }: BaselineComparison,
): string {
  const lines: string[] = [];
  if (unexpected.length > 0) {
    lines.push(`House rule broken: ${rule}`, `How to fix: ${fix}`);
    for (const breach of unexpected) {
      lines.push(
        `  ${breach.where}: ${breach.detail}  [baseline key: ${JSON.stringify(breach.key)}]`,
      );
    }
    lines.push(
      `Only code that already broke the rule before the rules test existed is listed in ` +
        `${baselineName} (apps/server/src/house-rules/baseline.ts); new code does not go there.`,
    );
  }
  if (gone.length > 0) {
    lines.push(
      `The baseline may only shrink, and these entries of ${baselineName} no longer occur: ` +
        `delete them from apps/server/src/house-rules/baseline.ts:`,
      ...gone.map((key) => `  ${JSON.stringify(key)}`),
    );
  }
  return lines.join("\n");
}
