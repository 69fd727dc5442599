import type { ReactNode } from 'react';
import Link from 'next/link';
import '../../shared/framework-demo.css';

export const metadata = { title: 'prompt-envelope · Next.js', icons: 'data:,' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <nav className="pages">
          <Link href="/">React wrappers</Link>
          <Link href="/server">renderEnvelopeHTML</Link>
          <Link href="/server-with-panel">renderEnvelopeHTML with a wrapper</Link>
        </nav>
        {children}
      </body>
    </html>
  );
}
