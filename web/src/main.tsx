import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from './app/App.js';
import { createQueryClient } from './app/queryClient.js';
import { preloadJsonEditor } from './ui/JsonEditor.js';
import './app/theme.css';

const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);

// Monaco loads in the background once the first screen is up and the page is idle (or after
// 10 s of a page kept busy, say by a flood of events); browsers without requestIdleCallback
// wait for the next task.
const whenIdle = (task: () => void): void => {
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 10_000 });
  else setTimeout(task, 0);
};
whenIdle(() => void preloadJsonEditor().catch(() => undefined));
