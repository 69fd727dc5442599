import axe from 'axe-core';
import { afterEach, expect } from 'vitest';

// Every story test ends with axe on what the story drew: a violation fails the story, with
// each rule and the elements it found in the failure. Elements that are still drawing (a part
// loading on demand) are waited for first.

type Updating = Element & { updateComplete?: Promise<unknown> };

function elementsIn(root: ParentNode): Updating[] {
  const all: Updating[] = [];
  const walk = (node: ParentNode) => {
    for (const el of node.querySelectorAll('*')) {
      all.push(el);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(root);
  return all;
}

async function settled(root: ParentNode) {
  for (let round = 0; round < 5; round++)
    await Promise.all(elementsIn(root).map((el) => el.updateComplete));
}

afterEach(async () => {
  const root = document.querySelector('#storybook-root') ?? document.body;
  await settled(root);
  const { violations } = await axe.run(root, {
    resultTypes: ['violations'],
    // A story is a part of a page: the landmarks around it are the host page's.
    rules: { region: { enabled: false } },
  });
  expect(
    violations.map(
      (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' > ')).join(', ')}`,
    ),
    'axe violations',
  ).toEqual([]);
});
