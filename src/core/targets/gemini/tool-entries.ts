/**
 * Gemini's `tools` is a list of entries, each holding function declarations and built-in tools
 * (`{ functionDeclarations: [...] }`, `{ googleSearch: {} }`, or several in one). Exports put
 * every function in one entry and each built-in tool in its own, in the order of the tools;
 * a tool with a `group` goes into the entry of its group instead.
 */

/**
 * The index of the entry each tool goes into: tools with the same `group` share one, the other
 * functions share one, every other built-in tool has its own.
 */
export function toolGroups(tools: readonly { runBy?: 'provider'; group?: number }[]): number[] {
  const entries = new Map<string, number>();
  let count = 0;
  return tools.map((tool, i) => {
    const key =
      tool.group !== undefined ? `group ${tool.group}` : tool.runBy ? `tool ${i}` : 'functions';
    let entry = entries.get(key);
    if (entry === undefined) entries.set(key, (entry = count++));
    return entry;
  });
}

/** The entries exports make without groups (what an import compares its entries with). */
export const defaultToolGroups = (tools: readonly { runBy?: 'provider' }[]): number[] =>
  toolGroups(tools.map((t) => (t.runBy ? { runBy: t.runBy } : {})));
