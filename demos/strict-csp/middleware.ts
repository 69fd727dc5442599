/**
 * Next.js middleware (middleware.ts at the app's root) giving each request a new nonce and the
 * strict policy. A server component reads the nonce from the request's `x-nonce` header and
 * passes it on: `renderEnvelopeHTML(envelope, { nonce })`. Next.js puts the same nonce on its own
 * scripts when the request carries the policy.
 */
import { NextResponse, type NextRequest } from 'next/server.js';

export function middleware(request: NextRequest) {
  const nonce = btoa(crypto.randomUUID());
  const policy = [
    "default-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "img-src 'self' data:",
    "media-src 'self' data:",
    "require-trusted-types-for 'script'",
    'trusted-types lit-html dompurify nextjs nextjs#bundler',
  ].join('; ');
  const headers = new Headers(request.headers);
  headers.set('x-nonce', nonce);
  headers.set('Content-Security-Policy', policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('Content-Security-Policy', policy);
  return response;
}

export const config = {
  matcher: [{ source: '/((?!_next/static|_next/image|favicon.ico).*)' }],
};
