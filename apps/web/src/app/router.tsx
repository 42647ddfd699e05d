import { createBrowserRouter } from 'react-router';

// Filled in by the site frame (issue 2): every route of PAGE_ROUTES with its gate and layout.
export const router = createBrowserRouter([{ path: '/', element: <main><h1>Bienvenidos a Nuestra Clínica</h1></main> }]);
