/**
 * How much of a text a view shows (SPEC §6), with nothing from Lit: the offload worker cuts what
 * it sends back with the same rules (shown-text.ts has the rest and re-exports these).
 */

/**
 * Most characters of one text that an element puts into the page. Chromium lays out about a
 * million characters in 0.4 s (twice that without spaces) and Markdown adds 1.2 s per million,
 * so a 10 MB text shown whole blocks the page for a minute (SPEC §6: never a frozen tab).
 * Copy and download still give the whole text.
 */
export const MAX_SHOWN_CHARS = 100_000;

/** The beginning of `text` that is shown: all of it up to `max` characters. */
export function shownPart(text: string, max = MAX_SHOWN_CHARS): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  // Never cut a surrogate pair in half.
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/** Characters that the texts of one list share: each shows at least `least`, then what is left. */
export interface SharedBudget {
  total: number;
  least: number;
}

/** The shown part of each of `texts`, in order, within `budget`. */
export function sharedShownParts(texts: readonly string[], budget: SharedBudget): string[] {
  let left = budget.total;
  return texts.map((text) => {
    const shown = shownPart(text, Math.max(budget.least, left));
    left -= shown.length;
    return shown;
  });
}

/**
 * `texts` cut one character after the most that sharedShownParts could show of each: the cut
 * texts show exactly what the whole ones show (shownPart only reads up to its limit and whether
 * the text goes on), for every first part of the list a "show more" can reach.
 */
export function cutToShared(texts: readonly string[], budget: SharedBudget): string[] {
  let left = budget.total;
  return texts.map((text) => {
    const limit = Math.max(budget.least, left);
    left -= shownPart(text, limit).length;
    return text.length > limit + 1 ? text.slice(0, limit + 1) : text;
  });
}
