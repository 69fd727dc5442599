/**
 * The chat's painting of search matches and its steady scrolling, loaded the first time a person
 * searches or a message is revealed: a chat that is only read does not carry them (in the
 * script-tag builds, dist/lazy/search-highlighter.js).
 */
export const loadSearchHighlighter = (): Promise<SearchHighlighting> =>
  import('./search-highlighter.js');

export type SearchHighlighting = typeof import('./search-highlighter.js');
