import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { takeUrlToken } from './app/guard';
import { Providers } from './app/providers';
import { createRouter } from './app/router';
import { setToken } from './shared/http/token';

// Spec section 2: a token in the URL (`?token=` before the hash) is kept for this tab (the 0.5 day
// cookie is the server's, HttpOnly, set at sign-in: decision 0009).
const handed = window.location.pathname && takeUrlToken(window.location.href);
if (handed && !window.location.hash.startsWith('#/jurisdiction')) {
  setToken(handed.token);
  window.history.replaceState(null, '', handed.cleanHref);
}

const root = document.getElementById('root');
if (root) {
  // A transition: React renders in slices (no long task blocking input) and keeps index.html's
  // sign-in panel on screen until the first route is ready, instead of a spinner in between.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <Providers>
          <RouterProvider router={createRouter()} />
        </Providers>
      </StrictMode>,
    );
  });
}
