import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import {
  createBrowserHistory,
  Link,
  matchRoutes,
  MemoryRouter,
  NavLink,
  Outlet,
  Router,
  StaticRouter,
  useLocation,
  useNavigationType,
  useParams,
  useRoutes,
  useSearchParams,
  type RouteObject,
} from '.';

function Where() {
  const location = useLocation();
  return (
    <output data-testid="where">
      {useNavigationType()} {location.pathname}
      {location.search}
      {location.hash} {JSON.stringify(location.state)}
    </output>
  );
}
const where = () => screen.getByTestId('where').textContent;

describe('matchRoutes', () => {
  const leaf = (path: string): RouteObject => ({ path, handle: path });
  const routes: RouteObject[] = [
    {
      handle: 'layout',
      children: [
        leaf('items/:id'),
        leaf('items/new'),
        { path: 'area', handle: 'area', children: [{ index: true, handle: 'area index' }, leaf('x')] },
        leaf('*'),
      ],
    },
  ];
  const handles = (pathname: string) => matchRoutes(routes, pathname)?.map((m) => m.route.handle);

  it('ranks a written segment over a :param whatever the order, an index route over its parent, * last', () => {
    expect(handles('/items/new')).toEqual(['layout', 'items/new']);
    expect(handles('/items/7')).toEqual(['layout', 'items/:id']);
    expect(handles('/area')).toEqual(['layout', 'area', 'area index']);
    expect(handles('/area/x')).toEqual(['layout', 'area', 'x']);
    expect(handles('/area/y')).toEqual(['layout', '*']);
    expect(handles('/')).toEqual(['layout', '*']);
  });

  it('ignores case and a trailing slash, and decodes the parameters', () => {
    expect(handles('/ITEMS/New/')).toEqual(['layout', 'items/new']);
    expect(matchRoutes(routes, '/items/a%20b%2Fc')![1]!.params).toEqual({ id: 'a b/c' });
    expect(matchRoutes(routes, '/items/%E0%A4%A')![1]!.params).toEqual({ id: '%E0%A4%A' });
  });

  it('finds nothing when no route matches', () => {
    expect(matchRoutes([{ path: '/a' }], '/b')).toBeNull();
  });
});

describe('useRoutes', () => {
  function Page() {
    return <p>{`page ${useParams().id}`}</p>;
  }
  function Routes() {
    return useRoutes([
      { element: <main>{<Outlet />}</main>, children: [{ path: 'items/:id', element: <Page /> }] },
      { path: '*', element: <p>other</p> },
    ]);
  }

  it('renders the layout with the page in its Outlet, and the same markup on the server', () => {
    const html = renderToString(
      <StaticRouter location="/items/a%20b?x=1">
        <Routes />
      </StaticRouter>,
    );
    expect(html).toBe('<main><p>page a b</p></main>');
    const { container } = render(
      <MemoryRouter initialEntries={['/items/a%20b?x=1']}>
        <Routes />
      </MemoryRouter>,
    );
    expect(container.innerHTML).toBe(html);
  });
});

describe('Link', () => {
  function App() {
    return (
      <>
        <Link to="/b?q=1#top" state={{ from: 'a' }}>
          b
        </Link>
        <Link to="/a">here</Link>
        <Link to="/b" target="_blank">
          elsewhere
        </Link>
        <Where />
      </>
    );
  }

  it('follows a plain click itself, with its state; a link to the address on screen replaces it', () => {
    render(
      <MemoryRouter initialEntries={['/a']}>
        <App />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'b' })).toHaveAttribute('href', '/b?q=1#top');
    fireEvent.click(screen.getByRole('link', { name: 'here' }));
    expect(where()).toBe('REPLACE /a null');
    fireEvent.click(screen.getByRole('link', { name: 'b' }));
    expect(where()).toBe('PUSH /b?q=1#top {"from":"a"}');
  });

  it('leaves a click with a modifier key, another button or a target to the browser', () => {
    // Whether the browser would follow each click (then stopped: jsdom loads no other document).
    const browserActs: boolean[] = [];
    const follow = (e: Event) => {
      browserActs.push(!e.defaultPrevented);
      e.preventDefault();
    };
    window.addEventListener('click', follow);
    onTestFinished(() => window.removeEventListener('click', follow));
    render(
      <MemoryRouter initialEntries={['/a']}>
        <App />
      </MemoryRouter>,
    );
    const b = screen.getByRole('link', { name: 'b' });
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }])
      fireEvent.click(b, init);
    fireEvent.click(screen.getByRole('link', { name: 'elsewhere' }));
    expect(browserActs).toEqual([true, true, true, true, true, true]);
    expect(where()).toBe('POP /a null');
  });
});

describe('NavLink', () => {
  it("marks the link of the page on screen and of the pages below it, unless 'end'", () => {
    render(
      <MemoryRouter initialEntries={['/admin/orders/3']}>
        <NavLink to="/admin" end>
          panel
        </NavLink>
        <NavLink to="/admin/orders" className="nav-link">
          orders
        </NavLink>
        <NavLink to="/admin/order">prefix only</NavLink>
        <NavLink to="/">home</NavLink>
      </MemoryRouter>,
    );
    const orders = screen.getByRole('link', { name: 'orders' });
    expect(orders).toHaveAttribute('aria-current', 'page');
    expect(orders).toHaveAttribute('class', 'nav-link active');
    for (const name of ['panel', 'prefix only', 'home']) {
      expect(screen.getByRole('link', { name })).not.toHaveAttribute('aria-current');
    }
  });
});

describe('useSearchParams', () => {
  it('reads the query and sets another on the same page', () => {
    let set!: ReturnType<typeof useSearchParams>[1];
    function Query() {
      const [params, setParams] = useSearchParams();
      set = setParams;
      return <p>{params.get('q')}</p>;
    }
    render(
      <MemoryRouter initialEntries={['/list?q=%2541#x']}>
        <Query />
        <Where />
      </MemoryRouter>,
    );
    expect(screen.getByText('%41')).toBeInTheDocument();
    act(() => set({ q: 'a&b' }, { replace: true }));
    expect(where()).toBe('REPLACE /list?q=a%26b null');
    act(() => set(new URLSearchParams()));
    expect(where()).toBe('PUSH /list null');
  });
});

describe('the browser history', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('keeps the state and a key per entry in history.state, and reports Back as POP', async () => {
    window.history.replaceState(null, '', '/start');
    const history = createBrowserHistory(window);
    expect(history.location).toMatchObject({ pathname: '/start', key: 'default', state: null });
    const updates: string[] = [];
    const stop = history.listen(({ action, location }) => updates.push(`${action} ${location.pathname} ${location.key}`));
    history.push({ pathname: '/next', search: '?a=1', hash: '' }, { from: 'start' });
    const pushed = window.history.state as { usr: unknown; key: string };
    expect(pushed.usr).toEqual({ from: 'start' });
    expect(history.location).toMatchObject({ pathname: '/next', search: '?a=1', state: { from: 'start' }, key: pushed.key });
    const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    history.go(-1);
    await popped;
    expect(updates).toEqual([`PUSH /next ${pushed.key}`, 'POP /start default']);
    stop();
    render(
      <Router location={history.location} navigator={history}>
        <Where />
      </Router>,
    );
    expect(where()).toBe('POP /start null');
  });
});
