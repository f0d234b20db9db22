import type { StorybookConfig } from '@storybook/react-vite';

export default {
  framework: {
    name: '@storybook/react-vite',
    options: { builder: { viteConfigPath: '.storybook/vite.config.ts' } },
  },
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-vitest', '@storybook/addon-a11y'],
  staticDirs: ['./public'],
  core: { disableTelemetry: true },
} satisfies StorybookConfig;
