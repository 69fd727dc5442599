import { Component, CUSTOM_ELEMENTS_SCHEMA, signal } from '@angular/core';
import type { SegmentToggleEvent } from 'prompt-envelope';
import demoA from 'prompt-envelope/demos/demo-a.json';
import 'prompt-envelope/elements/envelope-chat.js';
import 'prompt-envelope/elements/protocol-panel.js';

@Component({
  selector: 'app-root',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  templateUrl: './app.html',
  styleUrl: './app.css'
})
export class App {
  protected readonly envelope = demoA;
  protected readonly lastToggle = signal('none yet');

  protected onToggle(event: SegmentToggleEvent) {
    const { messageId, segmentIndex, collapsed } = event.detail;
    this.lastToggle.set(
      `message ${messageId}, segment ${segmentIndex}, ${collapsed ? 'collapsed' : 'expanded'}`,
    );
  }
}
