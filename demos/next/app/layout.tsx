import type { ReactNode } from 'react';
import '../../shared/framework-demo.css';

export const metadata = { title: 'prompt-envelope · Next.js', icons: 'data:,' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
