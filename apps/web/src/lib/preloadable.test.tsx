import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable.tsx';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;
const shown = (element: React.ReactNode) => renderToString(<Suspense fallback={<p>Loading</p>}>{element}</Suspense>);

describe('a preloadable component', () => {
  it('renders in the same pass once its code is in: no fallback', async () => {
    const view = preloadable(() => Promise.resolve(Greeting));
    await view.preload();
    expect(shown(<view.Component name="Ada" />)).toContain('Hello <!-- -->Ada');
    expect(shown(<view.Component name="Ada" />)).not.toContain('Loading');
  });

  it('shows the fallback while its code is on the way', () => {
    const view = preloadable(() => new Promise<typeof Greeting>(() => undefined));
    expect(shown(<view.Component name="Ada" />)).toContain('Loading');
  });

  it('loads its code once however often it is asked for', async () => {
    let loads = 0;
    const view = preloadable(() => {
      loads += 1;
      return Promise.resolve(Greeting);
    });
    await Promise.all([view.preload(), view.preload()]);
    shown(<view.Component name="Ada" />);
    expect(loads).toBe(1);
  });
});
