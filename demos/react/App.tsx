import { useState } from 'react';
import '../../src/elements/envelope-chat.js';
import '../../src/elements/protocol-panel.js';
import type { Envelope } from '../../src/core/protocol.js';
import type { SegmentToggleEvent } from '../../src/events.js';
import demo from '../../src/data/demos/demo-a.json';

const envelope = demo as Envelope;

// React 19 sets `envelope` as a property (the element has one) and `onsegment-toggle` adds a
// listener for the `segment-toggle` event: no wrapper needed.
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
      <envelope-chat id="chat" envelope={envelope} onsegment-toggle={onToggle} />
      <protocol-panel for="chat" />
      <p id="last-toggle" className="status" role="status">
        Last toggle: {lastToggle}
      </p>
    </main>
  );
}
