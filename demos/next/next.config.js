import litSSR from '@lit-labs/nextjs';

// Lit's Next.js plugin renders the React wrappers' shadow DOM on the server (as declarative
// shadow DOM) and hydrates it in the browser.
const withLitSSR = litSSR({ addDeclarativeShadowDomPolyfill: false });

// The app has no ESLint configuration of its own; `next build` still type-checks it.
export default withLitSSR({ eslint: { ignoreDuringBuilds: true } });
