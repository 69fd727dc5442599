import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    // Tags with a dash are custom elements, not Vue components.
    vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.includes('-') } } }),
  ],
});
