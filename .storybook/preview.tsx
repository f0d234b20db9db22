import type { Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';

export default {
  loaders: [mswLoader()],
  parameters: {
    layout: 'padded',
    // axe runs after every story in the story tests; any violation fails the test.
    a11y: { test: 'error' },
  },
} satisfies Preview;
