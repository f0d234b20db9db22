import { AntdRegistry } from '@ant-design/nextjs-registry';
import type { ReactNode } from 'react';

export const metadata = { title: '@x agent kit — Next.js example' };

// AntdRegistry collects the CSS-in-JS styles Ant Design (and so the kit's components) generate
// while the server renders, and writes them into the HTML: the page is styled before any script
// runs, with no jump on hydration.
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body style={{ margin: 0, fontFamily: 'system-ui, sans-serif' }}>
        <AntdRegistry>{children}</AntdRegistry>
      </body>
    </html>
  );
}
