/** Registers every element of prompt-envelope. Idempotent: a second copy on the page is harmless. */
import './elements/envelope-viewer.js';
import './elements/envelope-chat.js';
import './elements/envelope-message.js';
import './elements/protocol-panel.js';
import './elements/segment-text.js';
import './elements/segment-static-var.js';
import './elements/segment-system-prompt.js';
import './elements/segment-memory.js';
import './elements/segment-skills.js';
import './elements/segment-tool-overview.js';
import './elements/tool-call-request.js';
import './elements/tool-call-result.js';
import './elements/segment-document.js';
import './elements/segment-long-text.js';
import './elements/segment-media.js';
import './elements/context-meter.js';
import './elements/envelope-diff.js';
