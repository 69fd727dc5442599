'use client';
/**
 * prompt-envelope/react/envelope-html: the HTML of `renderEnvelopeHTML` in a React tree (a
 * Next.js server component renders it, and passes the string here).
 *
 * Not a `<div dangerouslySetInnerHTML>`: React writes that with `innerHTML` when the component
 * mounts in the browser (after a client navigation), and `innerHTML` does not parse declarative
 * shadow DOM (Chromium warns, and the server's drawing is lost). Here the server's HTML is
 * hydrated as it is; a component mounted in the browser parses it with `setHTMLUnsafe`, which
 * does. Either way the elements' script loads after React hydrates, Lit's hydration support first.
 */
import {
  createElement,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type HTMLAttributes,
  type ReactElement,
} from 'react';

export interface EnvelopeHTMLProps extends Omit<
  HTMLAttributes<HTMLDivElement>,
  'children' | 'dangerouslySetInnerHTML'
> {
  /** What `renderEnvelopeHTML` (prompt-envelope/ssr) returned. */
  html: string;
}

const noSubscription = () => () => {};

/** Lit's hydration support, then the elements (a second call costs nothing: modules load once). */
const loadElements = () => import('../hydrate.js').then(() => import('../index.js'));

/**
 * `html` into `div`, declarative shadow roots included. A browser without setHTMLUnsafe (before
 * 2024) leaves the templates unparsed, and the elements draw there once their script loads.
 */
function setHTML(div: HTMLDivElement, html: string) {
  const setHTMLUnsafe = (div as Partial<Pick<HTMLDivElement, 'setHTMLUnsafe'>>).setHTMLUnsafe;
  if (setHTMLUnsafe) setHTMLUnsafe.call(div, html);
  else div.innerHTML = html;
}

/** A `<div>` holding the server-rendered envelope; other props go to the div. */
export function EnvelopeHTML({ html, ...props }: EnvelopeHTMLProps): ReactElement {
  // True on the server and while React hydrates the server's HTML; false when mounted in the
  // browser. The first render decides for the component's life.
  const fromServer = useState(
    useSyncExternalStore(
      noSubscription,
      () => false,
      () => true,
    ),
  )[0];
  // What the server wrote stays React's, the same object in every render (React compares the
  // objects, and writes innerHTML again for a new one): later HTML is set below.
  const [served] = useState(() => (fromServer ? { __html: html } : undefined));
  const div = useRef<HTMLDivElement>(null);
  const shown = useRef(fromServer ? html : undefined);
  useLayoutEffect(() => {
    if (div.current && shown.current !== html) setHTML(div.current, html);
    shown.current = html;
    void loadElements();
  }, [html]);
  return createElement('div', {
    ...props,
    ref: div,
    // React's development check compares innerHTML, which no longer holds the templates once
    // the browser has attached their shadow roots.
    suppressHydrationWarning: true,
    dangerouslySetInnerHTML: served,
  });
}
