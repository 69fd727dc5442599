import { Chat } from './chat';

// A server component: the elements live in the client component below, which Next.js also
// renders on the server, with their shadow DOM (Lit's plugin in next.config.js).
export default function Page() {
  return <Chat />;
}
