'use client';
import { useEffect, useState } from 'react';
import type { SegmentToggleEvent } from 'prompt-envelope';
import { ProtocolPanel } from 'prompt-envelope/react';

export function Panel() {
  const [lastToggle, setLastToggle] = useState('none yet');

  // The chat is not a React element here: its events reach the document (they bubble and
  // cross shadow roots).
  useEffect(() => {
    function onToggle(event: Event) {
      const { messageId, segmentIndex, collapsed } = (event as SegmentToggleEvent).detail;
      setLastToggle(
        `message ${messageId}, segment ${segmentIndex}, ${collapsed ? 'collapsed' : 'expanded'}`,
      );
    }
    document.addEventListener('segment-toggle', onToggle);
    return () => document.removeEventListener('segment-toggle', onToggle);
  }, []);

  return (
    <>
      <ProtocolPanel for="chat" />
      <p id="last-toggle" className="status" role="status">
        Last toggle: {lastToggle}
      </p>
    </>
  );
}
