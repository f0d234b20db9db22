import { act, render, screen, fireEvent } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { A2UIUserAction } from '@x/agent-protocol/a2ui';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { preloadOnDemand } from '../lazy/on-demand.js';
import { A2UISurface } from './a2ui-surface.js';

beforeAll(() => preloadOnDemand());

declare global {
  interface Window {
    __a2uiPwned?: number;
  }
}

const create = { version: 'v0.9', createSurface: { surfaceId: 'booking', catalogId: 'https://a2ui.org/specification/v0_9/basic_catalog.json' } };
const components = (list: Record<string, unknown>[]) => ({ version: 'v0.9', updateComponents: { surfaceId: 'booking', components: list } });
const data = (value: unknown, path?: string) => ({ version: 'v0.9', updateDataModel: { surfaceId: 'booking', ...(path ? { path } : {}), value } });

const form = [
  create,
  components([
    { id: 'root', component: 'Column', children: ['title', 'name', 'echo', 'terms', 'submit'] },
    { id: 'title', component: 'Text', text: 'Book a table', variant: 'h2' },
    { id: 'name', component: 'TextField', label: 'Name', value: { path: '/booking/name' } },
    { id: 'echo', component: 'Text', text: { call: 'formatString', args: { value: 'Booking for ${/booking/name}' } } },
    { id: 'terms', component: 'CheckBox', label: 'Window seat', value: { path: '/booking/window' } },
    { id: 'submit', component: 'Button', variant: 'primary', child: 'submit-label', action: { event: { name: 'book', context: { name: { path: '/booking/name' }, window: { path: '/booking/window' } } } } },
    { id: 'submit-label', component: 'Text', text: 'Book' },
  ]),
  data({ booking: { name: 'Ada', window: false } }),
];

describe('A2UISurface', () => {
  it('renders antd components bound two-way to the data model and sends the action with its context', async () => {
    const onAction = vi.fn<(action: A2UIUserAction) => void>();
    render(<A2UISurface messages={form} onAction={onAction} />);
    expect(screen.getByRole('heading', { name: 'Book a table' })).toBeTruthy();
    const name = screen.getByLabelText('Name');
    expect((name as HTMLInputElement).value).toBe('Ada');
    await userEvent.clear(name);
    await userEvent.type(name, 'Grace');
    expect(screen.getByText('Booking for Grace')).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Window seat' }));
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(onAction).toHaveBeenCalledTimes(1);
    const action = onAction.mock.calls[0]![0];
    expect(action).toMatchObject({ name: 'book', surfaceId: 'booking', sourceComponentId: 'submit', context: { name: 'Grace', window: true } });
    expect(Number.isNaN(Date.parse(action.timestamp))).toBe(false);
    // Submitted once: the form takes no more input.
    expect((screen.getByRole('button', { name: 'Book' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('stays open when the host says the action was not sent', async () => {
    const onAction = vi.fn(async () => false);
    render(<A2UISurface messages={form} onAction={onAction} />);
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(onAction).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect((screen.getByRole('button', { name: 'Book' }) as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(onAction).toHaveBeenCalledTimes(2);
  });

  it('patches the surface on streamed updates without re-mounting: a focused input keeps its focus and value', async () => {
    const { rerender } = render(<A2UISurface messages={form} />);
    const name = screen.getByLabelText('Name') as HTMLInputElement;
    await userEvent.clear(name);
    await userEvent.type(name, 'Lin');
    expect(document.activeElement).toBe(name);
    rerender(<A2UISurface messages={[...form, components([{ id: 'title', component: 'Text', text: 'Book a table for two', variant: 'h2' }])]} />);
    rerender(<A2UISurface messages={[...form, components([{ id: 'title', component: 'Text', text: 'Book a table for two', variant: 'h2' }]), data(2, '/booking/guests')]} />);
    expect(screen.getByRole('heading', { name: 'Book a table for two' })).toBeTruthy();
    expect(screen.getByLabelText('Name')).toBe(name);
    expect(document.activeElement).toBe(name);
    expect(name.value).toBe('Lin');
  });

  it('applies a server data model update to a bound input', () => {
    const { rerender } = render(<A2UISurface messages={form} />);
    rerender(<A2UISurface messages={[...form, data('Marie', '/booking/name')]} />);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Marie');
  });

  it('keeps hostile A2UI inert: unknown types, script URLs, markup in text, bad paths, cycles', () => {
    window.__a2uiPwned = 0;
    const hostile = [
      create,
      components([
        { id: 'root', component: 'Column', children: ['script', 'iframe', 'markup', 'image', 'bad-path', 'loop', 'proto'] },
        { id: 'script', component: 'script', text: 'window.__a2uiPwned = 1' },
        { id: 'iframe', component: 'IFrame', url: 'javascript:window.__a2uiPwned=2' },
        { id: 'markup', component: 'Text', text: '<img src=x onerror="window.__a2uiPwned=3">' },
        { id: 'image', component: 'Image', url: 'javascript:window.__a2uiPwned=4', description: 'pic' },
        { id: 'bad-path', component: 'Text', text: { path: 42 } },
        { id: 'loop', component: 'Card', child: 'loop' },
        { id: 'proto', component: 'constructor' },
      ]),
    ];
    const { container } = render(<A2UISurface messages={hostile} />);
    expect(screen.getByText('Unsupported component: script')).toBeTruthy();
    expect(screen.getByText('Unsupported component: IFrame')).toBeTruthy();
    expect(screen.getByText('Unsupported component: constructor')).toBeTruthy();
    expect(screen.getByText('<img src=x onerror="window.__a2uiPwned=3">')).toBeTruthy();
    expect(screen.getByText('Component contains itself: loop')).toBeTruthy();
    expect(container.querySelector('script, iframe, img')).toBeNull();
    expect(container.querySelector('[href^="javascript"], [src^="javascript"]')).toBeNull();
    expect(window.__a2uiPwned).toBe(0);
  });

  it('shows a placeholder for huge and deeply nested surfaces instead of rendering them', () => {
    const deep = Array.from({ length: 200 }, (_, i) => ({ id: i === 0 ? 'root' : `c${i}`, component: 'Column', children: [`c${i + 1}`] }));
    render(<A2UISurface messages={[create, components(deep)]} />);
    expect(screen.getByText('Nested too deeply to show')).toBeTruthy();
    const wide = [{ id: 'root', component: 'Column', children: Array.from({ length: 1_500 }, (_, i) => `t${i}`) }, ...Array.from({ length: 1_500 }, (_, i) => ({ id: `t${i}`, component: 'Text', text: `line ${i}` }))];
    const { container } = render(<A2UISurface messages={[{ ...create, createSurface: { ...create.createSurface, surfaceId: 'wide' } }, { updateComponents: { surfaceId: 'wide', components: wide } }]} limits={{ maxNodes: 100 }} />);
    const drawn = screen.queryAllByText(/^line \d+$/).length;
    expect(drawn).toBeGreaterThan(50);
    expect(drawn).toBeLessThan(100);
    expect(container.querySelector('[data-a2ui-surface="wide"]')).not.toBeNull();
    expect(screen.getByText('Too many components to show')).toBeTruthy();
  });

  it('opens only safe URLs for the local openUrl action', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(
      <A2UISurface
        messages={[
          create,
          components([
            { id: 'root', component: 'Row', children: ['bad', 'good'] },
            { id: 'bad', component: 'Button', child: 'bad-label', action: { functionCall: { call: 'openUrl', args: { url: 'javascript:alert(1)' } } } },
            { id: 'bad-label', component: 'Text', text: 'Bad' },
            { id: 'good', component: 'Button', child: 'good-label', action: { functionCall: { call: 'openUrl', args: { url: 'https://example.com/menu' } } } },
            { id: 'good-label', component: 'Text', text: 'Menu' },
          ]),
        ]}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Bad' }));
    expect(open).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(open).toHaveBeenCalledWith('https://example.com/menu', '_blank', 'noopener,noreferrer');
    open.mockRestore();
  });

  it('ranks headings within the surface from the host level, and body text inside a button inherits its colour', () => {
    render(
      <A2UISurface
        headingLevel={3}
        messages={[create, components([{ id: 'root', component: 'Column', children: ['a', 'b'] }, { id: 'a', component: 'Text', text: 'Top', variant: 'h2' }, { id: 'b', component: 'Text', text: 'Sub', variant: 'h4' }])]}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Top' }).getAttribute('aria-level')).toBe('3');
    expect(screen.getByRole('heading', { name: 'Sub' }).getAttribute('aria-level')).toBe('4');
  });

  it('removes a deleted surface and waits for a root before drawing', () => {
    const { container, rerender } = render(<A2UISurface messages={[create]} />);
    expect(screen.getByText('Preparing the form…')).toBeTruthy();
    rerender(<A2UISurface messages={[...form, { deleteSurface: { surfaceId: 'booking' } }]} />);
    expect(container.querySelector('[data-a2ui-surface]')).toBeNull();
  });

  it('renders layout and choice components with antd', () => {
    render(
      <A2UISurface
        messages={[
          create,
          components([
            { id: 'root', component: 'Card', child: 'tabs' },
            { id: 'tabs', component: 'Tabs', tabs: [{ title: 'When', child: 'when' }, { title: 'Extras', child: 'extras' }] },
            { id: 'when', component: 'Column', children: ['date', 'time'] },
            { id: 'date', component: 'DateTimeInput', label: 'Date', value: { path: '/date' }, enableDate: true },
            { id: 'time', component: 'ChoicePicker', label: 'Time', variant: 'mutuallyExclusive', options: [{ label: '19:00', value: '19:00' }, { label: '20:30', value: '20:30' }], value: { path: '/time' }, displayStyle: 'checkbox' },
            { id: 'extras', component: 'Text', text: 'None' },
          ]),
          data({ date: '2026-12-24', time: ['20:30'] }),
        ]}
      />,
    );
    expect(screen.getByRole('tab', { name: 'When' })).toBeTruthy();
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe('2026-12-24');
    expect((screen.getByRole('radio', { name: '20:30' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: '19:00' }));
    expect((screen.getByRole('radio', { name: '19:00' }) as HTMLInputElement).checked).toBe(true);
    act(() => undefined);
  });
});
