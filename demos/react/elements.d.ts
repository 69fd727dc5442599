// JSX types for the custom elements: React 19 passes props to custom elements as properties
// (or attributes) and `on<event-name>` props as event listeners.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { EnvelopeChat } from '../../src/elements/envelope-chat.js';
import type { ProtocolPanel } from '../../src/elements/protocol-panel.js';
import type { EnvelopeLoadEvent, SegmentToggleEvent } from '../../src/events.js';

type ElementProps<E extends HTMLElement> = DetailedHTMLProps<HTMLAttributes<E>, E>;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'envelope-chat': ElementProps<EnvelopeChat> & {
        envelope?: EnvelopeChat['envelope'];
        'onsegment-toggle'?: (event: SegmentToggleEvent) => void;
        'onenvelope-load'?: (event: EnvelopeLoadEvent) => void;
      };
      'protocol-panel': ElementProps<ProtocolPanel> & {
        envelope?: ProtocolPanel['envelope'];
        for?: string;
      };
    }
  }
}
