import { Component, CUSTOM_ELEMENTS_SCHEMA, signal } from '@angular/core';
import '../../src/elements/envelope-chat.js';
import '../../src/elements/protocol-panel.js';
import type { Envelope } from '../../src/core/protocol.js';
import type { SegmentToggleEvent } from '../../src/events.js';
import demo from '../../src/data/demos/demo-a.json';

// CUSTOM_ELEMENTS_SCHEMA lets the template use the elements: `[envelope]` sets the property,
// `(segment-toggle)` listens to the custom event.
@Component({
  selector: 'app-root',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <main class="layout">
      <envelope-chat id="chat" [envelope]="envelope" (segment-toggle)="onToggle($event)" />
      <protocol-panel for="chat" />
      <p id="last-toggle" class="status" role="status">Last toggle: {{ lastToggle() }}</p>
    </main>
  `,
})
export class App {
  readonly envelope = demo as Envelope;
  readonly lastToggle = signal('none yet');

  onToggle(event: Event) {
    const { messageId, segmentIndex, collapsed } = (event as SegmentToggleEvent).detail;
    this.lastToggle.set(
      `message ${messageId}, segment ${segmentIndex}, ${collapsed ? 'collapsed' : 'expanded'}`,
    );
  }
}
