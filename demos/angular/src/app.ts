import { Component, CUSTOM_ELEMENTS_SCHEMA, signal } from '@angular/core';
import 'prompt-envelope/elements/envelope-chat.js';
import 'prompt-envelope/elements/protocol-panel.js';
import type { SegmentToggleEvent } from 'prompt-envelope';
import { demoEnvelopes } from 'prompt-envelope/demos';

// CUSTOM_ELEMENTS_SCHEMA lets the template use the elements: `[envelope]` sets the property,
// `(segment-toggle)` listens to the event. Angular does not type-check either binding.
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
  readonly envelope = demoEnvelopes['a'];
  readonly lastToggle = signal('none yet');

  onToggle(event: SegmentToggleEvent) {
    const { messageId, segmentIndex, collapsed } = event.detail;
    this.lastToggle.set(
      `message ${messageId}, segment ${segmentIndex}, ${collapsed ? 'collapsed' : 'expanded'}`,
    );
  }
}
