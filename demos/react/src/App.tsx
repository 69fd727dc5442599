import { useState } from 'react';
import type { SegmentToggleEvent } from 'prompt-envelope';
import { demoEnvelopes } from 'prompt-envelope/demos';
// The @lit/react wrapper: properties are props, events are `on…` props.
import { EnvelopeChat } from 'prompt-envelope/react';
// Or the element itself: React 19 sets its properties, and these types check them.
import 'prompt-envelope/elements/protocol-panel.js';
import type {} from 'prompt-envelope/types/react';

const envelope = demoEnvelopes.a;

export function App() {
  const [lastToggle, setLastToggle] = useState('none yet');

  function onToggle(event: SegmentToggleEvent) {
    const { messageId, segmentIndex, collapsed } = event.detail;
    setLastToggle(
      `message ${messageId}, segment ${segmentIndex}, ${collapsed ? 'collapsed' : 'expanded'}`,
    );
  }

  return (
    <main className="layout">
      <EnvelopeChat id="chat" envelope={envelope} onSegmentToggle={onToggle} />
      <protocol-panel for="chat" />
      <p id="last-toggle" className="status" role="status">
        Last toggle: {lastToggle}
      </p>
    </main>
  );
}
