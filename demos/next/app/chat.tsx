'use client';
import { useState } from 'react';
import type { SegmentToggleEvent } from 'prompt-envelope';
import { demoEnvelopes } from 'prompt-envelope/demos';
import { EnvelopeChat, ProtocolPanel } from 'prompt-envelope/react';

const envelope = demoEnvelopes.a;

export function Chat() {
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
      <ProtocolPanel for="chat" />
      <p id="last-toggle" className="status" role="status">
        Last toggle: {lastToggle}
      </p>
    </main>
  );
}
