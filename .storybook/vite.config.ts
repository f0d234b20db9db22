import { defineConfig } from 'vite';

// Storybook's own Vite config: the stories consume the built packages, like an app would.
export default defineConfig({});
