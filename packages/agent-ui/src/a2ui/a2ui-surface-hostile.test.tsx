// Hostile A2UI data that took the whole React root down (or did what the README says it does not):
// expansions too long for the engine, names that are prototype keys, non-http(s) URLs.
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { preloadOnDemand } from '../lazy/on-demand.js';
import { A2UISurface } from './a2ui-surface.js';
import { MAX_TEXT_LENGTH, TRUNCATION_MARK } from './bounded-text.js';

beforeAll(() => preloadOnDemand());

const create = { version: 'v0.9', createSurface: { surfaceId: 'h', catalogId: 'https://a2ui.org/specification/v0_9/basic_catalog.json' } };
const components = (list: Record<string, unknown>[]) => ({ version: 'v0.9', updateComponents: { surfaceId: 'h', components: list } });
const data = (value: unknown) => ({ version: 'v0.9', updateDataModel: { surfaceId: 'h', value } });
const PROTOTYPE_KEYS = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

describe('A2UISurface with hostile data', () => {
  it('a formatString that repeats a large value thousands of times shows a cut text (it unmounted the root with RangeError)', () => {
    const { container } = render(
      <A2UISurface
        messages={[
          create,
          components([
            { id: 'root', component: 'Column', children: ['big', 'after'] },
            { id: 'big', component: 'Text', text: { call: 'formatString', args: { value: '${/big}'.repeat(2_000) } } },
            { id: 'after', component: 'Text', text: 'Still here' },
          ]),
          data({ big: 'x'.repeat(1_000_000) }),
        ]}
      />,
    );
    expect(screen.getByText('Still here')).toBeTruthy();
    const text = container.querySelector('[data-a2ui-surface] span')?.textContent ?? '';
    expect(text).toHaveLength(MAX_TEXT_LENGTH);
    expect(text.endsWith(TRUNCATION_MARK)).toBe(true);
  });

  it('a template repeated over a huge data list draws at most maxNodes items, each with a bounded text', () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => ({ label: `row ${i}` }));
    const { container } = render(
      <A2UISurface
        limits={{ maxNodes: 60 }}
        messages={[
          create,
          components([
            { id: 'root', component: 'List', children: { path: '/rows', componentId: 'row' } },
            { id: 'row', component: 'Text', text: { call: 'formatString', args: { value: '${label} ${/blob}${/blob}${/blob}' } } },
          ]),
          data({ rows, blob: 'y'.repeat(50_000) }),
        ]}
      />,
    );
    const items = container.querySelectorAll('[role="listitem"]');
    expect(items.length).toBeLessThanOrEqual(60);
    expect(items[0]?.textContent?.startsWith('row 0 yyy')).toBe(true);
    for (const item of items) expect((item.textContent ?? '').length).toBeLessThanOrEqual(MAX_TEXT_LENGTH);
    expect(screen.getByText('Too many components to show')).toBeTruthy();
  });

  it.each(PROTOTYPE_KEYS)('an Icon named %s, literally or through a data path, is an inert glyph (`__proto__` unmounted the root)', (name) => {
    render(
      <A2UISurface
        messages={[
          create,
          components([
            { id: 'root', component: 'Row', children: ['literal', 'bound'], justify: name, align: name },
            { id: 'literal', component: 'Icon', name },
            { id: 'bound', component: 'Icon', name: { path: '/icon' } },
          ]),
          data({ icon: name }),
        ]}
      />,
    );
    const icons = screen.getAllByRole('img', { name });
    expect(icons).toHaveLength(2);
    for (const icon of icons) expect(icon.textContent).toBe('•');
  });

  it.each(PROTOTYPE_KEYS)('a Text or Image whose variant is %s renders as body text and a plain image', (variant) => {
    const { container } = render(
      <A2UISurface
        messages={[
          create,
          components([
            { id: 'root', component: 'Column', children: ['text', 'image'] },
            { id: 'text', component: 'Text', text: 'Plain', variant },
            { id: 'image', component: 'Image', url: 'https://images.example/a.png', variant },
          ]),
        ]}
      />,
    );
    expect(screen.getByText('Plain')).toBeTruthy();
    expect(screen.queryByRole('heading')).toBeNull();
    expect(container.querySelector('[data-a2ui-image]')).not.toBeNull();
  });

  it('openUrl opens absolute http(s) URLs only: mailto, tel and relative URLs are refused', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const button = (id: string, url: string) => [
      { id, component: 'Button', child: `${id}-label`, action: { functionCall: { call: 'openUrl', args: { url } } } },
      { id: `${id}-label`, component: 'Text', text: id },
    ];
    render(
      <A2UISurface
        messages={[
          create,
          components([
            { id: 'root', component: 'Row', children: ['mail', 'phone', 'relative', 'web'] },
            ...button('mail', 'mailto:victim@example.com?subject=hi'),
            ...button('phone', 'tel:+1555123'),
            ...button('relative', '/api/agent/logout'),
            ...button('web', 'https://example.com/menu'),
          ]),
        ]}
      />,
    );
    for (const name of ['mail', 'phone', 'relative']) await userEvent.click(screen.getByRole('button', { name }));
    expect(open).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'web' }));
    expect(open).toHaveBeenCalledWith('https://example.com/menu', '_blank', 'noopener,noreferrer');
    open.mockRestore();
  });

  it('a component that still throws costs only its surface: a notice with the error, the page goes on', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    // A Slider's `min` getter that throws stands in for any renderer bug.
    const hostile = { id: 'root', component: 'Slider', label: 'Level' } as Record<string, unknown>;
    Object.defineProperty(hostile, 'min', { enumerable: true, get: () => { throw new Error('renderer bug'); } });
    render(
      <div>
        <A2UISurface messages={[create, components([hostile])]} />
        <p>Outside the surface</p>
      </div>,
    );
    expect(screen.getByRole('note').textContent).toBe('This form could not be shown. renderer bug');
    expect(screen.getByText('Outside the surface')).toBeTruthy();
    error.mockRestore();
  });
});
