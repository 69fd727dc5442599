import { defineConfig } from 'vitepress';

export default defineConfig({
  title: 'prompt-envelope in VitePress',
  head: [['link', { rel: 'icon', href: 'data:,' }]],
  vue: {
    template: {
      // Tags with a dash are custom elements, not Vue components.
      compilerOptions: { isCustomElement: (tag) => tag.includes('-') },
    },
  },
});
