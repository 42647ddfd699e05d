// The one module that names the router library (decision 0046, session 9): pages, the frame and tests
// import routing from here, so the library can be measured or replaced in one place. ESLint's
// no-restricted-imports keeps every other file off it. Declarative mode only (no data router).
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  NavigationType,
  Outlet,
  matchRoutes,
  useLocation,
  useNavigate,
  useNavigationType,
  useRoutes,
  useSearchParams,
  type RouteObject,
} from 'react-router';
