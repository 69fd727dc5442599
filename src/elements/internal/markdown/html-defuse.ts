/**
 * Chromium checks the page's Content-Security-Policy while it *parses* an inline event handler
 * (`onerror=`), a `style` attribute or a `<style>` element, in any document of the page: DOMParser
 * documents, `createHTMLDocument` documents and `<template>` contents alike (measured: each of
 * them sends a `securitypolicyviolation` report). So an inert document is not enough; the
 * sanitizer must never be given those names. Before parsing, every attribute name that starts
 * with "on" or is "style", and every `<style` tag name, gets the prefix `x-`: DOMPurify then
 * removes them as unknown names, as it removed the originals. This is not the sanitizer (DOMPurify
 * still is); it only keeps hostile text from writing to a site's report endpoint (issue 20).
 */

const PREFIX = 'x-';

/** The states of the HTML tokenizer (WHATWG §13.2.5) that a start tag passes through. */
const enum State {
  TagName,
  BeforeName,
  Name,
  AfterName,
  BeforeValue,
  DoubleQuoted,
  SingleQuoted,
  Unquoted,
  AfterQuoted,
  SelfClosing,
  End,
}

/** Steps of the scan per character of input, at most; beyond it the text is not parsed at all. */
const STEPS_PER_CHAR = 24;

const isSpace = (c: number) => c === 9 || c === 10 || c === 12 || c === 13 || c === 32;
const isAlpha = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** Whether an attribute name (as written) is an event handler or `style`, as the parser reads it. */
function isRefusedName(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('on') || lower === 'style';
}

/**
 * `html` with event handler and style attribute names, and `<style>` tag names, prefixed, or
 * undefined when the text is too contrived to scan in linear time (then nothing of it should be
 * parsed). Every `<` followed by a letter is scanned as a start tag, even where the real parser
 * would be inside a comment, a quoted value or raw text: a name changed for nothing is harmless,
 * a name missed would be reported. Scans that reach a place in a state already seen stop there.
 */
export function defuseInlineCode(html: string): string | undefined {
  if (!html.includes('<')) return html;
  const length = html.length;
  // One bit per state and character.
  const seen = new Uint16Array(length);
  const insertAt = new Set<number>();
  let budget = STEPS_PER_CHAR * length + 10_000;

  for (let open = html.indexOf('<'); open !== -1; open = html.indexOf('<', open + 1)) {
    if (!isAlpha(html.charCodeAt(open + 1))) continue;
    let state = State.TagName;
    let nameStart = open + 1;
    let i = open + 1;
    while (i < length && state !== State.End) {
      if (--budget < 0) return undefined;
      // A name's characters are not remembered one by one (two names may overlap): its start is.
      if (state !== State.Name || i === nameStart) {
        const bit = 1 << state;
        const marks = seen[i] ?? 0;
        if (marks & bit) break;
        seen[i] = marks | bit;
      }
      const c = html.charCodeAt(i);
      switch (state) {
        case State.TagName:
          if (isSpace(c) || c === 47 || c === 62) {
            if (html.slice(nameStart, i).toLowerCase() === 'style') insertAt.add(nameStart);
            state = c === 62 ? State.End : c === 47 ? State.SelfClosing : State.BeforeName;
          }
          i++;
          break;
        case State.BeforeName:
          if (isSpace(c)) i++;
          else if (c === 47 || c === 62) state = State.AfterName;
          else {
            // "=" here starts a name of its own (a parse error the parser forgives).
            nameStart = i;
            state = State.Name;
            if (c === 61) i++;
          }
          break;
        case State.Name:
          if (isSpace(c) || c === 47 || c === 62 || c === 61) {
            if (isRefusedName(html.slice(nameStart, i))) insertAt.add(nameStart);
            if (c === 61) {
              state = State.BeforeValue;
              i++;
            } else state = State.AfterName;
          } else i++;
          break;
        case State.AfterName:
          if (isSpace(c)) i++;
          else if (c === 47) {
            state = State.SelfClosing;
            i++;
          } else if (c === 61) {
            state = State.BeforeValue;
            i++;
          } else if (c === 62) state = State.End;
          else {
            nameStart = i;
            state = State.Name;
          }
          break;
        case State.BeforeValue:
          if (isSpace(c)) i++;
          else if (c === 34) {
            state = State.DoubleQuoted;
            i++;
          } else if (c === 39) {
            state = State.SingleQuoted;
            i++;
          } else if (c === 62) state = State.End;
          else state = State.Unquoted;
          break;
        case State.DoubleQuoted:
        case State.SingleQuoted:
          if (c === (state === State.DoubleQuoted ? 34 : 39)) state = State.AfterQuoted;
          i++;
          break;
        case State.Unquoted:
          if (isSpace(c)) state = State.BeforeName;
          else if (c === 62) state = State.End;
          i++;
          break;
        case State.AfterQuoted:
          if (isSpace(c)) {
            state = State.BeforeName;
            i++;
          } else if (c === 47) {
            state = State.SelfClosing;
            i++;
          } else if (c === 62) state = State.End;
          else state = State.BeforeName;
          break;
        case State.SelfClosing:
          if (c === 62) state = State.End;
          else state = State.BeforeName;
          break;
      }
    }
    // A name cut off by the end of the text is still a name (the parser drops the tag, but
    // checking costs nothing).
    if (i >= length && state === State.Name && isRefusedName(html.slice(nameStart)))
      insertAt.add(nameStart);
  }
  if (insertAt.size === 0) return html;
  const points = [...insertAt].sort((a, b) => a - b);
  let out = '';
  let last = 0;
  for (const point of points) {
    out += html.slice(last, point) + PREFIX;
    last = point;
  }
  return out + html.slice(last);
}
