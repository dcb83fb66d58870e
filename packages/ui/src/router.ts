/**
 * The part of react-router the apps use, shared as one singleton (router context must be one instance across the
 * shell and every remote). A shared module keeps every export it has, since webpack cannot know what another build
 * will take from it: shared whole, react-router 7 was a large chunk (its data routers, server rendering and cookie
 * helpers) evaluated on every signed-in page. Through this list the host's build keeps only what Midway renders with.
 * App code imports routing from here, never from react-router itself (router-imports.test.ts); tests and the
 * server-side prerender may use react-router's MemoryRouter and StaticRouter directly.
 */
export { BrowserRouter, Link, NavLink, Outlet, Route, Routes, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
