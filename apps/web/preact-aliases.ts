/**
 * react, react-dom and the JSX runtime resolved to Preact's React-compatible layer (decision 0049).
 * One list for the build (vite.config.ts) and the unit tests (vitest.config.ts): the tests render
 * with what ships. The code keeps importing 'react' (its types are React's).
 */
export const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];
