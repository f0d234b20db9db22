import { Chat } from './chat';

export default function Page() {
  return (
    <main style={{ maxWidth: 820, margin: '0 auto', padding: 24 }}>
      <h1 style={{ fontSize: 20 }}>@x agent kit — Next.js App Router</h1>
      <Chat />
    </main>
  );
}
