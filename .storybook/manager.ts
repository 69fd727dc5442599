import { addons } from 'storybook/manager-api';
import { create } from 'storybook/theming';

// The project's name and logo in the sidebar instead of Storybook's.
addons.setConfig({
  theme: create({
    base: 'light',
    brandTitle: 'prompt-envelope',
    brandUrl: './',
    brandImage: './logo.svg',
    brandTarget: '_self',
  }),
});
