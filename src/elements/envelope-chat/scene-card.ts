import { html, nothing } from 'lit';
import type { Scene } from '../../core/protocol/types.js';
import { formatNumber } from '../internal/strings/format.js';
import type { AmbientController } from '../internal/strings/localize.js';
import { cutText } from '../internal/ui/participants.js';
import { shownLabel } from '../internal/pacing/shown-text.js';

/** The scene card (protocol 1.1): one line of name and kind, one of facts; every value is text. */
export function renderSceneCard(scene: Scene, a: AmbientController) {
  const value = (text: string) => cutText(text, 64, 'scene-value');
  const type =
    scene.type === 'group'
      ? a.t('scene.group')
      : scene.type === 'private'
        ? a.t('scene.private')
        : shownLabel(scene.type);
  const facts: unknown[] = [html`${a.t('scene.id')} ${value(scene.id)}`];
  if (scene.ownerId) facts.push(html`${a.t('scene.owner')} ${value(scene.ownerId)}`);
  if (scene.admins && scene.admins.length > 0)
    facts.push(html`${a.t('scene.admins')} ${value(scene.admins.join(', '))}`);
  if (scene.memberCount !== undefined)
    facts.push(a.t('scene.members', { n: formatNumber(scene.memberCount, a.lang) }));
  if (scene.globalMute !== undefined)
    facts.push(a.t(scene.globalMute ? 'scene.globalMute' : 'scene.noGlobalMute'));
  if (scene.assistantRole)
    facts.push(a.t('scene.assistantRole', { role: shownLabel(scene.assistantRole) }));
  return html`<section part="scene" class="scene" aria-label=${a.t('scene.label')}>
    <span class="scene-label">${type}</span>
    ${
      scene.name
        ? html`<h3 part="scene-name" class="scene-name">
            ${cutText(scene.name, 80, 'scene-name-text')}
          </h3>`
        : nothing
    }
    <ul class="scene-facts">
      ${facts.map((fact) => html`<li>${fact}</li>`)}
    </ul>
  </section>`;
}
