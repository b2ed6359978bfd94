import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initRemotes } from './remotes/remote-modules';
import { preloadRoute } from './routes/preloadRoute';

function start() {
  // Nothing waits for another request it does not need: the remotes' locations, the signed-in
  // area and the current route's remote page (and its charts) load while the session is checked.
  void initRemotes();
  preloadRoute(window.location.pathname);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

start();
