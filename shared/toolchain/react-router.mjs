// What the console's code gets for `react-router` and `react-router-dom` in webpack builds
// (federated and monolith alike; jest and tsc still see the real packages).
//
// A shared module cannot be tree-shaken (its consumers are unknown at build time), and
// react-router 7 ships data routers, server rendering, sessions, cookies and RSC in one module:
// sharing it whole cost ~60 KB gzip. The console uses declarative routing (BrowserRouter +
// Routes), so only the client-side declarative API is re-exported here; webpack drops the rest.
// Importing a name that is not listed fails the build (importExportsPresence: 'error' on the
// console's source), never the page at run time. Add a name here if a page needs it.
//
// `console-react-router-impl` is an alias of the real package's ESM entry: importing
// `react-router` here would match the shared key (and this very alias) again.
export {
  // components
  BrowserRouter,
  HashRouter,
  MemoryRouter,
  Router,
  Routes,
  Route,
  Link,
  NavLink,
  Navigate,
  Outlet,
  // hooks
  useBeforeUnload,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
  // utilities
  NavigationType,
  createPath,
  createRoutesFromChildren,
  createRoutesFromElements,
  createSearchParams,
  generatePath,
  isRouteErrorResponse,
  matchPath,
  matchRoutes,
  parsePath,
  renderMatches,
  resolvePath,
  // contexts, for libraries that integrate with the router
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
} from 'console-react-router-impl';
