import { TestBed } from '@angular/core/testing';
import { App } from './app';

describe('App', () => {
  beforeEach(async () => {
    await TestBed.configureTestingModule({
      imports: [App],
    }).compileComponents();
  });

  it('should create the app', () => {
    const fixture = TestBed.createComponent(App);
    const app = fixture.componentInstance;
    expect(app).toBeTruthy();
  });

  it('should draw the conversation', async () => {
    const fixture = TestBed.createComponent(App);
    await fixture.whenStable();
    const compiled = fixture.nativeElement as HTMLElement;
    expect(compiled.querySelector('#last-toggle')?.textContent).toContain('Last toggle: none yet');
    const chat = compiled.querySelector('envelope-chat')!;
    await vi.waitFor(() => {
      expect(chat.shadowRoot?.querySelectorAll('envelope-message').length).toBe(7);
      expect(chat.shadowRoot?.querySelector('context-meter')?.shadowRoot?.textContent).toContain('tokens');
    });
  });
});
