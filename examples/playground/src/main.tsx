import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@x/agent-ui/antd.css';
import '@x/agent-ui/styles.css';
import { App } from './App.tsx';
import './playground.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
