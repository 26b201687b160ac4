import './styles.css';

/**
 * The entry loads nothing but the stylesheet: the browser first paints the sign-in panel
 * index.html carries, then fetches the app (boot.tsx and what it imports, preloaded together), so
 * the page shows at once and the scripts' work comes after the first paint.
 */
requestAnimationFrame(() => {
  setTimeout(() => void import('./boot'), 0);
});
